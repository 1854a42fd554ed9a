/**
 * PostgreSQL's own client programs (pg_dump, pg_restore, psql) from this machine, run without a
 * shell. A missing program is a clear message naming the package, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { BackupRefused } from './backup-errors';

export interface ToolRun {
  stdout: string;
  stderr: string;
}

const INSTALL_HINT =
  "install PostgreSQL's client programs of the server's major version or newer (Debian: apt-get install postgresql-client)";

/**
 * A connection URL for a program's command line, and the password apart, for its environment: a
 * command line is readable by every user of the machine (`ps`), the environment is not.
 */
export function connectionFor(url: string): { url: string; password: string | null } {
  const parsed = new URL(url);
  const password = parsed.password === '' ? null : decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/**
 * `script` through psql against `url` as ONE transaction that stops at the first error: all of it
 * or none of it (a script that fails part-way rolls back; see `runTool`).
 */
export function runPsqlScript(url: string, script: AsyncIterable<string>): Promise<ToolRun> {
  const target = connectionFor(url);
  return runTool(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '-v',
      'ON_ERROR_STOP=1',
      '--file=-',
      target.url,
    ],
    Readable.from(script),
    target.password,
  );
}

/**
 * Runs `program args`, feeding `input` (if any) on standard input; rejects unless it exits 0.
 * When `input` fails part-way, the program is killed rather than shown the end of its input:
 * psql would take an early end as the end of its script and COMMIT what it had.
 */
export function runTool(
  program: 'pg_dump' | 'pg_restore' | 'psql',
  args: readonly string[],
  input?: AsyncIterable<string | Buffer>,
  password: string | null = null,
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PGAPPNAME: 'stockroom-backup',
        ...(password === null ? {} : { PGPASSWORD: password }),
      },
    });
    let inputFailed: unknown = null;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupRefused(`${program} was not found on this machine: ${INSTALL_HINT}`)
          : error,
      );
    });
    child.on('close', (code) => {
      const run = {
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      };
      if (inputFailed !== null) reject(inputFailed);
      else if (code === 0) resolve(run);
      else reject(new BackupRefused(`${program} failed (exit ${code}): ${run.stderr.trim()}`));
    });
    if (input && child.stdin) {
      const stdin = child.stdin;
      stdin.on('error', () => undefined);
      void (async () => {
        try {
          for await (const chunk of input) {
            if (!stdin.write(chunk)) await new Promise((r) => stdin.once('drain', r));
          }
          stdin.end();
        } catch (error) {
          inputFailed = error;
          child.kill('SIGKILL');
        }
      })();
    }
  });
}
