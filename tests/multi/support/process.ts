/**
 * Real server processes for the multi-process suites: `node --import tsx src/server/main.ts` (or
 * another entry) as a child, on PORT=0; the URL comes from its `Stockroom listening on http://…`
 * line (a pino JSON line's `msg`; a release before the lifecycle lines were JSON printed it plain,
 * and the upgrade test starts one). The child IS the server: the `tsx` command would start the server as a grandchild, and a
 * kill -9 of the command would orphan a live server instead of killing it.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
const LISTENING = /Stockroom listening on (http:\/\/[^\s"]+)/;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  readonly output: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** kill -9: no cleanup, no goodbye. */
  kill9(): Promise<void>;
  /** SIGTERM: finishes in-flight work. */
  stop(): Promise<void>;
}

/**
 * `node --import tsx <entry>`: one process, which a signal reaches directly. `cwd`: another
 * checkout (the previous release, tests/e2e/upgrade.test.ts) instead of this one.
 */
export function spawnTs(
  entry: string,
  env: Record<string, string>,
  cwd = ROOT,
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function spawnServer(
  env: Record<string, string>,
  entry = 'src/server/main.ts',
  startTimeoutMs = 60_000,
  cwd = ROOT,
): Promise<ServerProcess> {
  const child = spawnTs(entry, { LOG_LEVEL: 'warn', ...env }, cwd);
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`no listening line after ${startTimeoutMs} ms:\n${output}`)),
      startTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = LISTENING.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        done(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
  // Keep draining the pipes so a chatty child never blocks on a full buffer.
  child.stdout?.resume();
  return {
    url,
    child,
    get output() {
      return output;
    },
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      // A kill that missed the server (a wrapper process died instead) must fail the suite.
      const answer = await fetch(`${url}/api/health`).then(
        (r) => r.status,
        () => null,
      );
      if (answer !== null) throw new Error(`kill -9 left the server at ${url} answering ${answer}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
