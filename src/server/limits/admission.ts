/**
 * The load shedder as the HTTP layer uses it (`Admission` in src/server/http/deps.ts): `enter()`
 * resolves at once (start, or shed with Retry-After) or when a queued request starts or runs out
 * of waiting time. `release()` of an admitted request frees its slot (calling it twice is harmless).
 */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock';
import type { Admission, CountingAdmission } from '../http/deps';
import { LoadShedder, type ShedLimits } from './load-shed';
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
  limits: ShedLimits,
  clock: Clock = monotonicClock,
  timers: Timers = realTimers,
): CountingAdmission {
  const shedder = new LoadShedder(limits, clock);
  const waiting = new Map<number, (slot: Slot) => void>();
  let nextTicket = 0;
  let timer: unknown = null;

  const admitted = (): Slot => {
    const startedAt = clock.now();
    let released = false;
    return {
      admitted: true,
      release() {
        if (released) return;
        released = true;
        settle(shedder.finish(clock.now() - startedAt));
      },
    };
  };

  function settle(outcome: {
    start: number[];
    shed: { ticket: number; retryAfterSeconds: number }[];
  }) {
    for (const s of outcome.shed)
      take(s.ticket)?.({ admitted: false, retryAfterSeconds: s.retryAfterSeconds });
    for (const ticket of outcome.start) take(ticket)?.(admitted());
    schedule();
  }

  function take(ticket: number): ((slot: Slot) => void) | undefined {
    const resolve = waiting.get(ticket);
    waiting.delete(ticket);
    return resolve;
  }

  /** One timer, for the oldest waiter's time running out. */
  function schedule() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const at = shedder.nextExpiry();
    if (at === null) return;
    timer = timers.setTimeout(
      () => {
        timer = null;
        settle({ start: [], shed: shedder.expire() });
      },
      Math.max(0, at - clock.now()),
    );
  }

  return {
    enter() {
      const ticket = nextTicket++;
      const arrival = shedder.arrive(ticket);
      switch (arrival.kind) {
        case 'start':
          return Promise.resolve(admitted());
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
    stats: () => shedder.stats(),
  };
}
