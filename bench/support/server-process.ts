/**
 * The server as a separate process, the way it runs in production: `node --import tsx
 * src/server/main.ts` (what `npx tsx` does, minus the extra npx and tsx launcher processes, so
 * SIGTERM and `--cpu-prof` reach the server itself). Resolves once it prints its listening line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The real server's line, and the minimal server's (`Stockroom minimal listening on …`). */
const LISTENING = /Stockroom (?:minimal )?listening on (http:\/\/[^\s"]+)/;
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;
/** Enough of the server's output to explain a failed start. */
const OUTPUT_KEPT = 20_000;

export interface ServerProcess {
  url: string;
  pid: number;
  /** SIGTERM and wait (the server finishes in-flight work, and writes its CPU profile if asked). */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Added to (and overriding) the bench defaults below. */
  env: Record<string, string>;
  /** Write a V8 CPU profile per process into this directory when the server stops. */
  profileDir?: string | undefined;
  /** The script to run instead of the real server (bench/minimal/server.ts). */
  entry?: string;
}

/** Every live child, so a crashed bench run never leaves servers behind. */
const live = new Set<ChildProcess>();
process.on('exit', () => live.forEach((c) => c.kill('SIGKILL')));

/**
 * Bench defaults: quiet logs, a shared secret, and leases large enough that one lease covers a
 * whole measurement (LEASE_SIZE is a server setting; the default 10,000 would run out).
 */
export function benchEnv(workDir: string): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    STOCKROOM_SECRET: 'bench',
    DEMO: '1',
    LEASE_SIZE: '1000000',
    // Every simulated device connects from this machine's one loopback address.
    MAX_CONNECTIONS_PER_ADDRESS: '1000000',
    EXPORT_FILE: join(workDir, 'export.jsonl'),
  };
}

export function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const args = ['--import', 'tsx', options.entry ?? 'src/server/main.ts'];
  if (options.profileDir) {
    mkdirSync(options.profileDir, { recursive: true });
    args.unshift('--cpu-prof', `--cpu-prof-dir=${options.profileDir}`);
  }
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    }),
  );
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`server did not start (${why}); output:\n${output.slice(-2000)}`));
    };
    const timer = setTimeout(() => fail('timed out'), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = LISTENING.exec(output);
      if (!m) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      // Keep draining both pipes so a chatty server never blocks on a full pipe.
      child.stdout?.resume();
      resolve({ url: m[1]!, pid: child.pid ?? -1, stop });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
    });
    child.once('error', (error) => fail(error.message));
    void exited.then((code) => {
      if (!LISTENING.test(output)) fail(`exited with ${code}`);
    });
  });
}

/** Starts servers, runs `body`, and always stops them (in parallel) afterwards. */
export async function withServers<T>(
  specs: SpawnOptions[],
  body: (servers: ServerProcess[]) => Promise<T>,
): Promise<T> {
  const started = await Promise.allSettled(specs.map((s) => spawnServer(s)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return await body(servers);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
