/**
 * Admission control as the HTTP layer uses it (`Admission` in src/server/http/deps.ts): `enter(work)`
 * resolves at once (start, or shed with Retry-After) or when a queued request starts or runs out
 * of waiting time. `release()` of an admitted request frees its operations (calling it twice is
 * harmless). The rule itself is pure: src/server/core/admission-rule.ts.
 */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock';
import {
  AdmissionRule,
  DEFAULT_MAX_RETRY_AFTER_SECONDS,
  DEFAULT_TARGET_IN_FLIGHT_MS,
  type AdmissionLimits,
  type Settled,
} from '../core/admission-rule';
import type { Admission, CountingAdmission } from '../http/deps';
import { assertNever } from '../../protocol/assert-never';

type Slot = Awaited<ReturnType<Admission['enter']>>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
export const monotonicClock: Clock = { now: () => performance.now() };

export function createAdmission(
  limits: Pick<AdmissionLimits, 'maxInFlight' | 'maxQueueWaitMs'> & Partial<AdmissionLimits>,
  clock: Clock = monotonicClock,
  timers: Timers = realTimers,
): CountingAdmission {
  const rule = new AdmissionRule({
    targetInFlightMs: DEFAULT_TARGET_IN_FLIGHT_MS,
    maxRetryAfterSeconds: DEFAULT_MAX_RETRY_AFTER_SECONDS,
    ...limits,
  });
  const waiting = new Map<number, (slot: Slot) => void>();
  let nextTicket = 0;
  let timer: unknown = null;

  const admitted = (ticket: number): Slot => {
    let released = false;
    return {
      admitted: true,
      release() {
        if (released) return;
        released = true;
        settle(rule.finish(ticket, clock.now()));
      },
    };
  };

  function settle(outcome: Settled) {
    for (const s of outcome.shed)
      take(s.ticket)?.({ admitted: false, retryAfterSeconds: s.retryAfterSeconds });
    for (const ticket of outcome.start) take(ticket)?.(admitted(ticket));
    schedule();
  }

  function take(ticket: number): ((slot: Slot) => void) | undefined {
    const waiter = waiting.get(ticket);
    waiting.delete(ticket);
    return waiter;
  }

  /** One timer, for the oldest waiter's time running out. */
  function schedule() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const at = rule.nextExpiry();
    if (at === null) return;
    timer = timers.setTimeout(
      () => {
        timer = null;
        settle({ start: [], shed: rule.expire(clock.now()) });
      },
      Math.max(0, at - clock.now()),
    );
  }

  return {
    enter(work) {
      const ticket = nextTicket++;
      const arrival = rule.arrive(ticket, work, clock.now());
      switch (arrival.kind) {
        case 'start':
          return Promise.resolve(admitted(ticket));
        case 'shed':
          return Promise.resolve({ admitted: false, retryAfterSeconds: arrival.retryAfterSeconds });
        case 'queue':
          return new Promise<Slot>((resolve) => {
            waiting.set(ticket, resolve);
            schedule();
          });
        default:
          return assertNever(arrival);
      }
    },
    stats: () => rule.stats(),
  };
}
