/** Runs a load worker (bench/load/autocannon-worker.ts) in its own process and reads its answer. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { LoadConfig, LoadResult } from '../load/load-config';
import { REPO_ROOT } from './server-process';
import type { Rate } from './stats';

const run = promisify(execFile);

export async function runLoad(config: LoadConfig): Promise<LoadResult> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'bench/load/autocannon-worker.ts', JSON.stringify(config)],
    {
      cwd: REPO_ROOT,
      timeout: (config.seconds + config.warmupSeconds + 60) * 1000,
      maxBuffer: 1 << 20,
    },
  );
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as LoadResult;
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
