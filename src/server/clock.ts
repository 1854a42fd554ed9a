/**
 * The server clock. Every rule about time reads it (leases, deadlines, retention, sessions, rate
 * limits). In tester mode it is the tester clock: real time plus an offset, optionally frozen, and
 * never going backwards.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export type ClockChange = { advanceMs: number } | { set: number } | Record<string, never>;

/**
 * The tester clock stays within the years 2000 to 2200 (docs/api.md#tester-mode): every
 * timestamp it makes is a valid ISO date, and a tester cannot break time for every lease.
 */
export const TESTER_CLOCK_MIN = Date.UTC(2000, 0, 1);
export const TESTER_CLOCK_MAX = Date.UTC(2201, 0, 1) - 1;

export type ClockChangeResult = 'moved' | 'backwards' | 'out-of-range';

export class TesterClock implements Clock {
  private offset = 0;
  private frozenAt: number | null = null;

  constructor(private readonly real: Clock = systemClock) {}

  now(): number {
    return this.frozenAt ?? this.real.now() + this.offset;
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  /** Changes nothing unless it answers 'moved'. */
  change(change: ClockChange, freeze: boolean | undefined): ClockChangeResult {
    const current = this.now();
    let target = current;
    if ('advanceMs' in change) target = current + change.advanceMs;
    if ('set' in change) target = change.set;
    if (!Number.isFinite(target) || target > TESTER_CLOCK_MAX || target < TESTER_CLOCK_MIN)
      return 'out-of-range';
    if (target < current) return 'backwards';
    const frozen = freeze ?? this.frozen;
    this.offset = target - this.real.now();
    this.frozenAt = frozen ? target : null;
    return 'moved';
  }
}
