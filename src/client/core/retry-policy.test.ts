import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, parseRetryAfter, retryDelay } from './retry-policy';

describe('Retry-After', () => {
  it('is a floor under the drawn delay, never shortened', () => {
    expect(retryDelay(1, 0.1, DEFAULT_BACKOFF, 5000)).toBe(5000);
    expect(retryDelay(10, 0.99, DEFAULT_BACKOFF, 5000)).toBeGreaterThan(5000);
    expect(retryDelay(10, 0.5, DEFAULT_BACKOFF)).toBe(150_000);
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
