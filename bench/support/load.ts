/**
 * The load generator process (bench/load/autocannon-worker.ts): started once per figure, asked for
 * one run at a time over stdin/stdout, ended with `close()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { LoadConfig, LoadResult } from '../load/load-config';
import { REPO_ROOT } from './server-process';
import type { Rate } from './stats';

export interface LoadWorker<Config = LoadConfig, Result = LoadResult> {
  run(config: Config): Promise<Result>;
  close(): Promise<void>;
}

type Answer<Result> = { result: Result } | { error: string };

/** Every live worker, so a crashed bench run never leaves one behind. */
const live = new Set<ChildProcess>();
process.on('exit', () => live.forEach((c) => c.kill('SIGKILL')));

/** `script`: a worker that answers each JSON line on stdin with one `{ result }` or `{ error }` line. */
export function startLoadWorker<Config = LoadConfig, Result = LoadResult>(
  script = 'bench/load/autocannon-worker.ts',
): LoadWorker<Config, Result> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-5000);
  });
  const waiting: { resolve: (a: Answer<Result>) => void; reject: (e: Error) => void }[] = [];
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      live.delete(child);
      waiting
        .splice(0)
        .forEach((w) => w.reject(new Error(`load worker exited with ${code}: ${stderr}`)));
      resolve();
    }),
  );
  child.once('error', (error) => waiting.splice(0).forEach((w) => w.reject(error)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    waiting.shift()?.resolve(JSON.parse(line) as Answer<Result>);
  });
  return {
    async run(config) {
      const answer = await new Promise<Answer<Result>>((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${JSON.stringify(config)}\n`);
      });
      if ('error' in answer) throw new Error(`load worker: ${answer.error}`);
      return answer.result;
    },
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Starts a load worker, runs `body`, and always ends the worker afterwards. */
export async function withLoadWorker<T, Config = LoadConfig, Result = LoadResult>(
  body: (worker: LoadWorker<Config, Result>) => Promise<T>,
  script?: string,
): Promise<T> {
  const worker = startLoadWorker<Config, Result>(script);
  try {
    return await body(worker);
  } finally {
    await worker.close();
  }
}

/**
 * Throughput of 2xx answers as a Rate for `alternate`. Refusals are not throughput: more than 1%
 * of them means the figure measures the wrong thing, so it fails loudly instead.
 */
export function loadRate(result: LoadResult, label: string): Rate {
  const bad = result.non2xx + result.errors;
  if (bad > Math.max(10, result.ok / 100)) {
    throw new Error(
      `${label}: ${bad} of ${result.ok + bad} requests were not 2xx ` +
        `(status ${JSON.stringify(result.statusCodes)}, errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  }
  return { count: result.ok, seconds: result.seconds };
}

/** The load results kept in a figure's details, without the noise. */
export function loadSummary(result: LoadResult): Record<string, unknown> {
  const { rps, ok, non2xx, errors, latencyP50Ms, latencyP99Ms, seconds } = result;
  return { rps: Math.round(rps), ok, non2xx, errors, seconds, latencyP50Ms, latencyP99Ms };
}
