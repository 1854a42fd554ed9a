/**
 * The project's own commands as a person runs them: `npm run users -- …` and the server's
 * `main.ts`, each as `node --import tsx <entry>` with its standard input given, run to its exit.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runTs(
  entry: string,
  args: readonly string[],
  env: Record<string, string>,
  stdin = '',
  timeoutMs = 60_000,
): Promise<CommandResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: ROOT,
      // NODE_ENV as the test says (vitest sets "test" in its own environment).
      env: { ...process.env, NODE_ENV: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    // A command that does not end (a server that should have refused to start) is killed, so a
    // failing test leaves no process behind; its code is then null.
    const limit = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(limit);
      done({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}

/** `npm run users -- <args>` with `stdin` piped in (so the password is its first line). */
export function users(
  args: readonly string[],
  env: Record<string, string>,
  stdin = '',
): Promise<CommandResult> {
  return runTs('src/server/cli/users.ts', args, env, stdin);
}

/** A pino log line (src/server/observability/logger.ts): level 30 info … 60 fatal, and `msg`. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The server's standard output as its log lines: every line must be JSON (pino), or this throws. */
export function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

/** The messages of the lines at `level` (pino's number: 30 info, 50 error, 60 fatal). */
export const messagesAt = (output: string, level: number): string[] =>
  logLines(output)
    .filter((line) => line.level === level)
    .map((line) => line.msg);
