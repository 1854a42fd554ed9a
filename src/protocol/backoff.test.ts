import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullJitterDelay } from './backoff';

describe('full jitter backoff', () => {
  it('draws a whole delay in [0, min(cap, base·2^(n-1))), growing with the draw, for any count, draw and bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 10_000 }),
        fc.double({ min: -1, max: 2, noNaN: true }),
        fc.double({ min: -1, max: 2, noNaN: true }),
        fc.integer({ min: 1, max: 60_000 }),
        fc.integer({ min: 1, max: 3_600_000 }),
        (failures, a, b, baseMs, capMs) => {
          const bounds = { baseMs, capMs };
          const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(failures - 1, 0));
          const d = fullJitterDelay(failures, a, bounds);
          expect(Number.isInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThan(ceiling);
          if (a >= 0 && a < 1) expect(d).toBe(Math.floor(a * ceiling) + 0); // + 0: never -0
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(fullJitterDelay(failures, low, bounds)).toBeLessThanOrEqual(
            fullJitterDelay(failures, high, bounds),
          );
        },
      ),
    );
  });

  it('doubles the ceiling per failure up to the cap; a draw of 0 retries at once', () => {
    const bounds = { baseMs: 100, capMs: 5000 };
    const top = (n: number) => fullJitterDelay(n, 0.999999, bounds);
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(top)).toEqual([99, 199, 399, 799, 1599, 3199, 4999, 4999]);
    expect(fullJitterDelay(3, 0, bounds)).toBe(0);
    expect(fullJitterDelay(3, 0.5, bounds)).toBe(200);
  });
});
