import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, fullJitterDelay, parseRetryAfter } from './backoff';

describe('full jitter backoff', () => {
  it('draws uniformly below min(cap, base·2^(n-1)) and never beyond the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, jitter) => {
          const ceiling = Math.min(DEFAULT_BACKOFF.capMs, DEFAULT_BACKOFF.baseMs * 2 ** (n - 1));
          const d = fullJitterDelay(n, jitter, DEFAULT_BACKOFF);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThan(ceiling);
          expect(d).toBe(Math.floor(jitter * ceiling));
        },
      ),
    );
  });

  it('takes Retry-After as a floor', () => {
    expect(fullJitterDelay(1, 0.1, DEFAULT_BACKOFF, 5000)).toBe(5000);
    expect(fullJitterDelay(10, 0.99, DEFAULT_BACKOFF, 5000)).toBeGreaterThan(5000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-29T17:00:00.000Z');
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter('Sun, 29 Nov 2026 17:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('Retry-After, at the edges', () => {
  const now = Date.parse('2026-11-29T17:00:00.000Z');
  it('reads whole delta-seconds with spaces around, and nothing else as seconds', () => {
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('12abc', now)).toBeNull();
    expect(parseRetryAfter('abc12', now)).toBeNull();
  });

  it('a number that is not delta-seconds is unreadable, not a date (Date.parse reads "1.5" as 2001)', () => {
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('-3', now)).toBeNull();
    expect(parseRetryAfter('2026', now)).toBe(2_026_000);
    expect(parseRetryAfter('2026-11-29', now)).toBeNull();
  });

  it('reads the obsolete HTTP date forms too (RFC 9110 §5.6.7), all of which start with a day name', () => {
    expect(parseRetryAfter('Sunday, 29-Nov-26 17:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun Nov 29 17:00:30 2026', now)).toBe(30_000);
  });

  it('a date already past means at once, never a negative wait', () => {
    expect(parseRetryAfter('Sun, 29 Nov 2026 16:59:00 GMT', now)).toBe(0);
  });
});
