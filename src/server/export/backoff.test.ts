import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullJitterDelay } from './backoff';

const policy = { baseMs: 100, capMs: 5000 };

describe('fullJitterDelay', () => {
  it('doubles the ceiling per failure up to the cap', () => {
    const top = (attempt: number) => fullJitterDelay(attempt, policy, () => 0.999999);
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(top)).toEqual([99, 199, 399, 799, 1599, 3199, 4999, 4999]);
  });

  it('spreads delays over the whole range: a draw of 0 retries at once', () => {
    expect(fullJitterDelay(3, policy, () => 0)).toBe(0);
    expect(fullJitterDelay(3, policy, () => 0.5)).toBe(200);
  });

  it('stays within [0, min(cap, base·2^(n-1))) for every attempt and draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const d = fullJitterDelay(n, policy, () => r);
          const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(n - 1, 0));
          return Number.isInteger(d) && d >= 0 && d < ceiling;
        },
      ),
    );
  });
});
