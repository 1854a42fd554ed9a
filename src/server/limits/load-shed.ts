/**
 * Load shedding, pure (no timers, clock injected): bounded in-flight work plus a queue whose wait
 * is bounded. Each decision is a value; the adapter (admission.ts) turns them into promises.
 *
 *   arrive ─► slot free, nobody waiting ──► start
 *          ─► queue full, or the predicted wait exceeds the bound ──► shed (Retry-After)
 *          ─► otherwise ──► queue
 *   finish ─► frees a slot: the oldest waiter starts, unless its wait already ran out (shed)
 *   expire ─► waiters whose wait ran out are shed: better a prompt 503 than a start past the
 *             safe window (a client that timed out meanwhile would resend anyway)
 *
 * Use a monotonic clock (performance.now), not the tester clock: this is about real waiting.
 */
import type { Clock } from '../clock';

export interface ShedLimits {
  maxInFlight: number;
  maxQueueWaitMs: number;
  /** Waiters beyond this are shed at once. */
  maxQueue: number;
}

export type Arrival =
  { kind: 'start' } | { kind: 'queue' } | { kind: 'shed'; retryAfterSeconds: number };

export interface Shed {
  ticket: number;
  retryAfterSeconds: number;
}

export interface ShedStats {
  inFlight: number;
  queued: number;
  shed: number;
  /** Smoothed duration of one operation request (ms). */
  serviceMs: number;
}

/** Weight of the newest duration in the moving average. */
const SMOOTHING = 0.2;

export class LoadShedder {
  private inFlight = 0;
  private readonly queue: { ticket: number; since: number }[] = [];
  private shedCount = 0;
  private serviceMs: number;

  constructor(
    private readonly limits: ShedLimits,
    private readonly clock: Clock,
    initialServiceMs = 5,
  ) {
    this.serviceMs = initialServiceMs;
  }

  arrive(ticket: number): Arrival {
    if (this.inFlight < this.limits.maxInFlight && this.queue.length === 0) {
      this.inFlight++;
      return { kind: 'start' };
    }
    const wait = this.predictedWaitMs(this.queue.length + 1);
    if (this.queue.length >= this.limits.maxQueue || wait > this.limits.maxQueueWaitMs) {
      this.shedCount++;
      return { kind: 'shed', retryAfterSeconds: seconds(wait) };
    }
    this.queue.push({ ticket, since: this.clock.now() });
    return { kind: 'queue' };
  }

  /** A started request finished after `durationMs`: who starts now, and who waited too long. */
  finish(durationMs: number): { start: number[]; shed: Shed[] } {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.serviceMs += SMOOTHING * (Math.max(0, durationMs) - this.serviceMs);
    const shed = this.expire();
    const start: number[] = [];
    while (this.inFlight < this.limits.maxInFlight && this.queue.length > 0) {
      const next = this.queue.shift();
      if (!next) break;
      this.inFlight++;
      start.push(next.ticket);
    }
    return { start, shed };
  }

  /** Sheds every waiter whose wait ran out. */
  expire(): Shed[] {
    const now = this.clock.now();
    const shed: Shed[] = [];
    while (
      this.queue.length > 0 &&
      now - (this.queue[0]?.since ?? now) > this.limits.maxQueueWaitMs
    ) {
      const late = this.queue.shift();
      if (!late) break;
      this.shedCount++;
      shed.push({
        ticket: late.ticket,
        retryAfterSeconds: seconds(this.predictedWaitMs(this.queue.length + 1)),
      });
    }
    return shed;
  }

  /** When the oldest waiter's wait runs out (clock time), or null with nobody waiting. */
  nextExpiry(): number | null {
    const oldest = this.queue[0];
    return oldest ? oldest.since + this.limits.maxQueueWaitMs + 1 : null;
  }

  stats(): ShedStats {
    return {
      inFlight: this.inFlight,
      queued: this.queue.length,
      shed: this.shedCount,
      serviceMs: this.serviceMs,
    };
  }

  /** `position` requests ahead of a slot, served `maxInFlight` at a time. */
  private predictedWaitMs(position: number): number {
    return Math.ceil(position / this.limits.maxInFlight) * this.serviceMs;
  }
}

/** Retry-After in whole seconds, at least 1. */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
