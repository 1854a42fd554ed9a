import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId, systemClock } from './clock';

describe('randomId', () => {
  it('is 20 base-36 characters, one per draw from the injected source', () => {
    const draws = [0, 0.5, 0.999, 1 / 36, 35 / 36];
    let i = 0;
    const random = vi.fn(() => draws[i++ % draws.length] as number);
    const id = randomId(random);
    expect(id).toHaveLength(20);
    expect(random).toHaveBeenCalledTimes(20);
    expect(id.slice(0, 5)).toBe('0iz1z');
    expect(id).toMatch(/^[0-9a-z]{20}$/);
  });

  it('takes another length', () => {
    expect(randomId(() => 0, 4)).toBe('0000');
    expect(randomId(() => 0.999, 3)).toBe('zzz');
    expect(randomId(() => 0.5, 0)).toBe('');
  });
});

describe('the system clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the device time and schedules on the platform timers', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T17:00:00.000Z') });
    expect(systemClock.now()).toBe(Date.parse('2026-11-29T17:00:00.000Z'));
    const fired: string[] = [];
    systemClock.setTimeout(() => fired.push('kept'), 1000);
    const cancelled = systemClock.setTimeout(() => fired.push('cancelled'), 1000);
    systemClock.clearTimeout(cancelled);
    vi.advanceTimersByTime(999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['kept']);
    expect(systemClock.now()).toBe(Date.parse('2026-11-29T17:00:01.000Z'));
  });
});
