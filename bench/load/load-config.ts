/** What the bench asks of a load worker process, and what it answers (one JSON line on stdout). */
import type { LeaseGrant } from '../support/demo-session';

export type LoadTarget =
  | { kind: 'get'; path: string }
  /** POST /api/operations with first-time ids `<lease.id>.<seq>` counting up from `firstSeq`. */
  | {
      kind: 'operations';
      authorization: string;
      lease: LeaseGrant;
      itemIds: string[];
      firstSeq: number;
    };

export interface LoadConfig {
  /** One URL, or several (connections are spread over them: one server process each). */
  urls: string[];
  connections: number;
  seconds: number;
  /** Run this long first and discard it, so the JIT and caches are warm. */
  warmupSeconds: number;
  target: LoadTarget;
  /** Offered load in requests per second over all connections; absent: as fast as answered. */
  rate?: number;
}

export interface LoadResult {
  /** Requests answered 2xx per second over the measured run. */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  statusCodes: Record<string, number>;
  /** The next unused seq of the lease (operations only). */
  nextSeq: number;
}
