import { describe, expect, it } from 'vitest';
import { TesterClock } from './clock';

describe('TesterClock', () => {
  it('runs with real time plus an offset, freezes, and never goes backwards', () => {
    let real = 1_000;
    const clock = new TesterClock({ now: () => real });
    expect(clock.change({ advanceMs: 500 }, undefined)).toBe(true);
    real += 10;
    expect(clock.now()).toBe(1_510);
    expect(clock.change({ set: 5_000 }, true)).toBe(true);
    real += 1_000;
    expect(clock.now()).toBe(5_000);
    expect(clock.change({ set: 4_999 }, undefined)).toBe(false);
    expect(clock.now()).toBe(5_000);
    expect(clock.change({}, false)).toBe(true);
    real += 7;
    expect(clock.now()).toBe(5_007);
  });
});
