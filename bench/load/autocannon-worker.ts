/**
 * A load generator in a process of its own, so the server's CPU time is not shared with the client's
 * in one event loop. `node --import tsx bench/load/autocannon-worker.ts '<LoadConfig JSON>'` prints
 * one LoadResult JSON line.
 */
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { adjustBody } from '../support/demo-session';
import type { LoadConfig, LoadResult } from './load-config';

const config = JSON.parse(process.argv[2] ?? '') as LoadConfig;
const { target } = config;
let seq = target.kind === 'operations' ? target.firstSeq : 0;

function requests(): RequestSpec[] {
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
            body: JSON.stringify(adjustBody(target.lease, seq++, target.itemIds)),
          }),
        },
      ];
    }
    default:
      return target satisfies never;
  }
}

const fire = (seconds: number): Promise<Result> =>
  autocannon({
    url: config.urls.length === 1 ? config.urls[0]! : config.urls,
    connections: config.connections,
    duration: seconds,
    timeout: 30,
    requests: requests(),
  });

if (config.warmupSeconds > 0) await fire(config.warmupSeconds);
const r = await fire(config.seconds);
const statusCodes = Object.fromEntries(
  Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]),
);
const result: LoadResult = {
  rps: r['2xx'] / r.duration,
  ok: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  seconds: r.duration,
  latencyP50Ms: r.latency.p50,
  latencyP99Ms: r.latency.p99,
  statusCodes,
  nextSeq: seq,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
