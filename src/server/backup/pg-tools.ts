/**
 * PostgreSQL's own client programs (pg_dump, pg_restore, psql) from this machine, run without a
 * shell. A missing program is a clear message naming the package, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { BackupRefused } from './backup-errors';

export interface ToolRun {
  stdout: string;
  stderr: string;
}

const INSTALL_HINT =
  "install PostgreSQL's client programs of the server's major version or newer (Debian: apt-get install postgresql-client)";

/** Runs `program args`, feeding `input` (if any) on standard input; rejects unless it exits 0. */
export function runTool(
  program: 'pg_dump' | 'pg_restore' | 'psql',
  args: readonly string[],
  input?: AsyncIterable<string | Buffer>,
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      env: { ...process.env, PGAPPNAME: 'stockroom-backup' },
    });
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
      if (code === 0) resolve(run);
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
        } finally {
          stdin.end();
        }
      })();
    }
  });
}
