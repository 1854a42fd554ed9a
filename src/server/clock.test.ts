import { describe, expect, it } from 'vitest';
import { TESTER_CLOCK_MAX, TESTER_CLOCK_MIN, TesterClock } from './clock';

describe('TesterClock', () => {
  const start = Date.UTC(2026, 10, 29, 17);

  it('runs with real time plus an offset, freezes, and never goes backwards', () => {
    let real = start;
    const clock = new TesterClock({ now: () => real });
    expect(clock.change({ advanceMs: 500 }, undefined)).toBe('moved');
    real += 10;
    expect(clock.now()).toBe(start + 510);
    expect(clock.change({ set: start + 5_000 }, true)).toBe('moved');
    real += 1_000;
    expect(clock.now()).toBe(start + 5_000);
    expect(clock.change({ set: start + 4_999 }, undefined)).toBe('backwards');
    expect(clock.now()).toBe(start + 5_000);
    expect(clock.change({}, false)).toBe('moved');
    real += 7;
    expect(clock.now()).toBe(start + 5_007);
  });

  it('stays within the years 2000 to 2200: a move beyond changes nothing', () => {
    const clock = new TesterClock({ now: () => start });
    expect(clock.change({}, true)).toBe('moved');
    expect(clock.change({ advanceMs: 9e15 }, undefined)).toBe('out-of-range');
    expect(clock.change({ set: TESTER_CLOCK_MAX + 1 }, undefined)).toBe('out-of-range');
    expect(clock.change({ set: TESTER_CLOCK_MIN - 1 }, undefined)).toBe('out-of-range');
    expect(clock.change({ set: Number.NaN }, undefined)).toBe('out-of-range');
    expect(clock.now()).toBe(start);
    expect(clock.change({ set: TESTER_CLOCK_MAX }, undefined)).toBe('moved');
    expect(new Date(clock.now()).toISOString()).toBe('2200-12-31T23:59:59.999Z');
  });
});
