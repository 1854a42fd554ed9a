import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration';

describe('parseDuration', () => {
  it('reads every documented unit and plain milliseconds', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('20m')).toBe(1_200_000);
    expect(parseDuration('36h')).toBe(129_600_000);
    expect(parseDuration('7d')).toBe(604_800_000);
    expect(parseDuration('250')).toBe(250);
    expect(parseDuration('0')).toBe(0);
  });

  it('refuses anything else with a clear message', () => {
    expect(() => parseDuration('7 days')).toThrow(/not a duration/);
    expect(() => parseDuration('-1s')).toThrow(/not a duration/);
    expect(() => parseDuration('')).toThrow(/not a duration/);
  });
});

describe('parseDuration, at the edges', () => {
  it('reads decimals with spaces, rounding to whole milliseconds', () => {
    expect(parseDuration(' 1.5 s ')).toBe(1500);
    expect(parseDuration('0.25s')).toBe(250);
    expect(parseDuration('2.5')).toBe(3);
    expect(() => parseDuration('1.s')).toThrow(/not a duration/);
    expect(() => parseDuration('1.xs')).toThrow(/not a duration/);
  });

  it('names the text it refused, and refuses a duration too large to hold', () => {
    expect(() => parseDuration('soon')).toThrow(
      '"soon" is not a duration (use 500ms, 30s, 20m, 36h, 7d or milliseconds)',
    );
    const huge = `${'9'.repeat(400)}d`;
    expect(() => parseDuration(huge)).toThrow(`"${huge}" is too large a duration`);
  });
});
