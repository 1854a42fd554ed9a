/**
 * Fake time for the client: `now()` moves only when the test says so, and timers fire in order
 * as it moves. The server keeps its own clock (the tester clock); HTTP stays real.
 */
import type { Clock } from '../../../src/client/core/clock';

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

export class ManualClock implements Clock {
  private timers: Timer[] = [];
  private nextId = 1;
  constructor(private current: number = Date.parse('2026-11-29T17:00:00.000Z')) {}

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.current + Math.max(0, ms), fn };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** The time of the earliest pending timer, if any. */
  nextTimerAt(): number | null {
    return this.timers.reduce<number | null>((m, t) => (m === null || t.at < m ? t.at : m), null);
  }

  /** A timer is pending for exactly this time (a hold the code under test just started). */
  hasTimerAt(at: number): boolean {
    return this.timers.some((t) => t.at === at);
  }

  /** Move time forward, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.timers
        .filter((t) => t.at <= target)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = target;
  }

  /** Jump (forward or back) without firing anything: a device whose clock was changed. */
  set(ms: number): void {
    this.current = ms;
  }
}

/** Seeded randomness (mulberry32): reproducible jitter and ids. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
