/**
 * Real server processes for the multi-process suites: `tsx src/server/main.ts` (or another entry)
 * as a child, on PORT=0; the URL comes from its `Stockroom listening on http://…` line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');
const LISTENING = /Stockroom listening on (http:\/\/\S+)/;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** kill -9: no cleanup, no goodbye. */
  kill9(): Promise<void>;
  /** SIGTERM: finishes in-flight work. */
  stop(): Promise<void>;
}

export async function spawnServer(
  env: Record<string, string>,
  entry = 'src/server/main.ts',
  startTimeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(TSX, [entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
