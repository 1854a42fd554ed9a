/**
 * What the HTTP layer is given (`AppDeps`, built by start.ts) and the small interfaces it needs of
 * the services around it. The routes import this, never app.ts, so the app that registers them and
 * the routes it registers do not import each other; the services (src/server/limits,
 * src/server/observability) implement these interfaces.
 */
import type { User } from '../../protocol/schemas';
import type { Sessions } from '../auth';
import type { Clock, TesterClock } from '../clock';
import type { Config } from '../config';
import type { ShedStats, Work } from '../core/admission-rule';
import type { OperationAnswer, OperationDeps } from '../operations';
import type { FaultBook } from '../sim/faults';
import type { Timeline } from '../sim/timeline';
import type { PasswordGate } from '../limits/password-gate';
import type { PacedIntake } from './paced-intake';
import type { Lifecycle } from './stopping';
import type { Store } from '../store/store';
import type { Logger } from '../observability/logger';
import type { AddressCounter } from '../limits/address-tally';

export interface Sim {
  clock: TesterClock;
  faults: FaultBook;
  timeline: Timeline;
}

/** Load shedding: an operation starts only if it can start within its safe window. */
export interface Admission {
  enter(
    work: Work,
  ): Promise<{ admitted: true; release(): void } | { admitted: false; retryAfterSeconds: number }>;
}

/** The admission with its counts, for diagnostics and metrics. */
export interface CountingAdmission extends Admission {
  stats(): ShedStats;
}

/**
 * Sign-in brute-force protection: an attempt is counted (reserved) before its password is checked;
 * `settle` then records the answer (a right password takes back what was no guess).
 */
export interface SignInLimiter {
  reserve(
    userName: string,
    ip: string,
  ): Promise<
    | { allowed: true; settle(succeeded: boolean): Promise<void> }
    | { allowed: false; retryAfterSeconds: number }
  >;
}

export interface OperationMetrics {
  answered(answers: readonly OperationAnswer[], durationMs: number): void;
}

/** The metrics as the HTTP layer feeds and serves them. */
export interface HttpMetrics extends OperationMetrics {
  /** Any HTTP response (an `onResponse` hook): `route` is the route pattern, never the raw URL. */
  observeHttp(method: string, route: string, status: number, durationMs: number): void;
  /** The exposition for the whole server: every process's metrics added up. */
  render(): Promise<string>;
  readonly contentType: string;
}

export interface AppDeps {
  config: Config;
  store: Store;
  clock: Clock;
  sessions: Sessions;
  /** Shared by the operation routes; `onEvent` is bound per attempt. */
  operations: Omit<OperationDeps, 'onEvent'>;
  sim: Sim | null;
  admission: CountingAdmission;
  /** Backlog batches taken in a few per event-loop turn (./paced-intake.ts). */
  intake: PacedIntake;
  signInLimiter: SignInLimiter;
  /** Password checks take turns, fewer at once than the thread pool has threads. */
  passwordChecks: PasswordGate;
  metrics: HttpMetrics;
  runCleanup(): Promise<{ compacted: number; removed: number }>;
  /** Whether a stop has begun (SIGTERM): /readyz fails and new requests are refused. */
  lifecycle: Lifecycle;
  /** The process's log (observability/logger.ts): Fastify writes its lines through it. */
  log: Logger;
  /** Open connections by client address (this process's, or the cluster's with WORKERS=n). */
  connectionsByAddress: AddressCounter;
}

// Declared here, beside the other things routes rely on; app.ts decorates every request with it.
declare module 'fastify' {
  interface FastifyRequest {
    /** Authentication for a route: the signed-in user, or a 401 problem. */
    user(): Promise<User>;
  }
}
