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
