import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatCount,
  formatDelta,
  formatDrain,
  formatMoment,
  formatPhases,
  formatQuantityWithPending,
} from './format';

describe('format', () => {
  it('shows the confirmed quantity with the pending effect beside it', () => {
    expect(formatQuantityWithPending(12, -2)).toBe('12 · −2 pending');
    expect(formatQuantityWithPending(12, 3)).toBe('12 · +3 pending');
    expect(formatQuantityWithPending(12, 0)).toBe('12');
    expect(formatQuantityWithPending(12, 0, 10)).toBe('12 · count 10 pending');
    expect(formatQuantityWithPending(12, -2, 0)).toBe('12 · −2 · count 0 pending');
  });

  it('uses a real minus sign and thousands separators', () => {
    expect(formatCount(-1234)).toBe('−1,234');
    expect(formatDelta(5)).toBe('+5');
    expect(formatDelta(-5)).toBe('−5');
  });

  it('words drain progress as the spec does', () => {
    expect(formatDrain({ sent: 120, total: 3000 })).toBe('Sending 120 of 3,000');
  });

  it('says how long ago, tolerating a fresh change slightly ahead of the ticking clock', () => {
    const now = Date.parse('2026-11-29T17:00:00.000Z');
    expect(formatAge('2026-11-20T16:00:00.000Z', now)).toBe('9 days ago');
    expect(formatAge('2026-11-29T16:00:00.000Z', now)).toBe('1 hour ago');
    expect(formatAge('2026-11-29T16:55:00.000Z', now)).toBe('5 minutes ago');
    expect(formatAge('2026-11-29T17:00:20.000Z', now)).toBe('just now');
    expect(formatAge('2026-11-29T18:00:00.000Z', now)).toMatch(/clock may be wrong/);
    expect(formatAge('not a date', now)).toBe('at an unknown time');
  });

  it('names a moment this week by weekday, later ones by date', () => {
    const now = Date.parse('2026-11-29T12:00:00.000Z');
    expect(formatMoment('2026-12-01T14:00:00.000Z', now)).toMatch(/^Tue \d\d:\d\d$/);
    expect(formatMoment('2026-12-20T14:00:00.000Z', now)).toMatch(/^20 Dec \d\d:\d\d$/);
  });

  it('lists server phases', () => {
    expect(formatPhases({ accept: 0.1, tx: 1.9 })).toBe('accept 0.1 ms, tx 1.9 ms');
    expect(formatPhases({})).toBe('none reported');
  });
});
