import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeFormat } from './format';
import { de } from './i18n/de';
import { en } from './i18n/en';

const english = makeFormat('en-GB', en.format, 'UTC');
const german = makeFormat('de-DE', de.format, 'UTC');

describe('format', () => {
  it('shows the confirmed quantity with the pending effect beside it', () => {
    const f = english.quantityWithPending;
    // …and what the stock will be, where that is known.
    expect(f(12, -2)).toBe('12 · −2 pending → 10');
    expect(f(12, 3)).toBe('12 · +3 pending → 15');
    expect(f(12, 0)).toBe('12');
    expect(f(12, 0, 10)).toBe('12 · count 10 pending → 10');
    expect(f(12, -2, 0)).toBe('12 · −2 · count 0 pending');
    expect(german.quantityWithPending(1200, -2)).toBe('1.200 · −2 ausstehend → 1.198');
    expect(german.quantityWithPending(1200, -2, 1000)).toBe(
      '1.200 · −2 · Zählung 1.000 ausstehend',
    );
  });

  it('uses a real minus sign and the locale’s thousands separators', () => {
    expect(english.count(-1234)).toBe('−1,234');
    expect(german.count(-1234)).toBe('−1.234');
    expect(english.delta(5)).toBe('+5');
    expect(english.delta(-5)).toBe('−5');
  });

  it('words drain progress as the spec does', () => {
    expect(english.drain({ sent: 120, total: 3000 })).toBe('Sending 120 of 3,000');
    expect(german.drain({ sent: 120, total: 3000 })).toBe('Sende 120 von 3.000');
  });

  it('says how long ago, tolerating a fresh change slightly ahead of the ticking clock', () => {
    const now = Date.parse('2026-11-29T17:00:00.000Z');
    expect(english.age('2026-11-20T16:00:00.000Z', now)).toBe('9 days ago');
    expect(english.age('2026-11-29T16:00:00.000Z', now)).toBe('1 hour ago');
    expect(english.age('2026-11-29T16:55:00.000Z', now)).toBe('5 minutes ago');
    expect(english.age('2026-11-29T17:00:20.000Z', now)).toBe('just now');
    expect(english.age('2026-11-29T18:00:00.000Z', now)).toMatch(/clock may be wrong/);
    expect(english.age('not a date', now)).toBe('at an unknown time');
    expect(german.age('2026-11-20T16:00:00.000Z', now)).toBe('vor 9 Tagen');
  });

  it('gives spans in their largest unit', () => {
    expect(english.duration(8 * 86_400_000 + 5)).toBe('8 days');
    expect(english.duration(3_600_000)).toBe('1 hour');
    expect(english.duration(10)).toBe('under a minute');
    expect(german.duration(2 * 60_000)).toBe('2 Minuten');
  });

  it('names a moment this week by weekday, later ones by date, in the locale', () => {
    const now = Date.parse('2026-11-29T12:00:00.000Z');
    expect(english.moment('2026-12-01T14:00:00.000Z', now)).toBe('Tue 14:00');
    expect(english.moment('2026-12-20T14:00:00.000Z', now)).toBe('20 Dec 14:00');
    expect(german.moment('2026-12-01T14:00:00.000Z', now)).toBe('Di. 14:00');
    expect(german.moment('2026-12-20T14:00:00.000Z', now)).toBe('20. Dez. 14:00');
    expect(english.clockTime('2026-12-01T14:00:03.120Z')).toBe('14:00:03.120');
    expect(german.clockTime('2026-12-01T14:00:03.120Z')).toBe('14:00:03,120');
    // One clock everywhere: 24-hour in every locale, as the moments and timelines are.
    expect(makeFormat('en-US', en.format, 'UTC').time(Date.parse('2026-12-01T14:02:00Z'))).toBe(
      '14:02',
    );
    expect(makeFormat('en-US', en.format, 'UTC').time(Date.parse('2026-12-01T09:05:00Z'))).toBe(
      '09:05',
    );
    expect(german.time(Date.parse('2026-12-01T14:02:00Z'))).toBe('14:02');
  });

  it('dates a chart by day, its table by day and time, in the locale', () => {
    const at = Date.parse('2026-09-07T08:05:00.000Z');
    expect(english.day(at)).toBe('7 Sept');
    expect(german.day(at)).toBe('7. Sept.');
    expect(english.dayTime(at)).toBe('7 Sept 08:05');
    expect(german.dayTime(at)).toBe('7. Sept. 08:05');
  });

  it('lists server phases', () => {
    expect(english.phases({ accept: 0.1, tx: 1.9 })).toBe('accept 0.1 ms, tx 1.9 ms');
    expect(german.phases({ accept: 0.1 })).toBe('accept 0,1 ms');
    expect(english.phases({})).toBe('none reported');
  });
});

describe('format on a cold start', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds an Intl formatter only when a format needs it (a first screen pays for none)', () => {
    const built = [
      vi.spyOn(Intl, 'NumberFormat'),
      vi.spyOn(Intl, 'DateTimeFormat'),
      vi.spyOn(Intl, 'RelativeTimeFormat'),
    ];
    const calls = () => built.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    const format = makeFormat('en-GB', en.format, 'UTC');
    expect(calls()).toBe(0);
    expect(format.count(3000)).toBe('3,000');
    expect(format.count(-2)).toBe('−2');
    expect(calls()).toBe(1);
  });
});
