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

  /** Returns false (and changes nothing) for a move into the past. */
  change(change: ClockChange, freeze: boolean | undefined): boolean {
    const current = this.now();
    let target = current;
    if ('advanceMs' in change) target = current + change.advanceMs;
    if ('set' in change) target = change.set;
    if (target < current) return false;
    const frozen = freeze ?? this.frozen;
    this.offset = target - this.real.now();
    this.frozenAt = frozen ? target : null;
    return true;
  }
}
