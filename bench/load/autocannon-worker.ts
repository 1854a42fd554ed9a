/**
 * A load generator in a process of its own, so the server's CPU time is not shared with the client's
 * in one event loop. `node --import tsx bench/load/autocannon-worker.ts` reads one LoadConfig JSON
 * per line on stdin, runs it, and answers one LoadResult JSON line on stdout; it stays up between
 * runs (one process per figure, not one per run) and ends when stdin closes.
 */
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { createInterface } from 'node:readline';
import { adjustBody } from '../support/demo-session';
import type { LoadConfig, LoadResult, LoadTarget } from './load-config';
import { assertNever } from '../../src/protocol/assert-never';

/** The requests of a run; for operations, `seq.next` counts up through the lease. */
function requests(target: LoadTarget, seq: { next: number }): RequestSpec[] {
  switch (target.kind) {
    case 'get':
      return [{ method: 'GET', path: target.path }];
    case 'operations': {
      const headers = { 'content-type': 'application/json', authorization: target.authorization };
      return [
        {
          method: 'POST',
          path: '/api/operations',
          headers,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify(adjustBody(target.lease, seq.next++, target.itemIds)),
          }),
        },
      ];
    }
    default:
      return assertNever(target);
  }
}

async function runOne(config: LoadConfig): Promise<LoadResult> {
  const { target } = config;
  const seq = { next: target.kind === 'operations' ? target.firstSeq : 0 };
  const fire = (seconds: number): Promise<Result> =>
    autocannon({
      url: config.urls.length === 1 ? config.urls[0]! : config.urls,
      connections: config.connections,
      duration: seconds,
      timeout: 30,
      requests: requests(target, seq),
      ...(config.rate === undefined ? {} : { overallRate: config.rate }),
    });
  if (config.warmupSeconds > 0) await fire(config.warmupSeconds);
  const r = await fire(config.seconds);
  return {
    rps: r['2xx'] / r.duration,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    seconds: r.duration,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
    nextSeq: seq.next,
  };
}

// One run at a time, in the order asked.
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const answer = await runOne(JSON.parse(line) as LoadConfig).then(
    (result) => ({ result }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
