/**
 * Pure formatting of numbers, quantities and times for people, in one locale. No I/O; `now` is
 * passed in. Every number and date the app shows goes through `Intl` in the person's locale; the
 * few words around them come from the message catalogue (`words`).
 */

import { enShell } from './i18n/en-shell';

const MINUS = '\u2212';

/** The catalogue's words that formatting needs (see i18n/en.ts, `format`). */
export interface FormatWords {
  /** "12 · −2 pending": the confirmed quantity, then this device's pending effects. */
  withPending: (confirmed: string, pending: string, willBe: string | null) => string;
  /** A pending stock count: "count 10". */
  pendingCount: (quantity: string) => string;
  /** "Sending 120 of 3,000" */
  drain: (sent: string, total: string) => string;
  underAMinute: string;
  justNow: string;
  unknownTime: string;
  inTheFuture: string;
  /** "accept 0.1 ms" */
  phase: (name: string, ms: string) => string;
  noPhases: string;
}

export interface Format {
  /** 3000 → "3,000" (en) / "3.000" (de); −2 → "−2" (a real minus sign, read as "minus"). */
  count: (n: number) => string;
  /** A signed change: +3, −2. */
  delta: (delta: number) => string;
  /** The Items row: "12 · −2 pending", "12 · count 10 pending". */
  quantityWithPending: (
    quantity: number,
    pendingDelta: number,
    pendingCount?: number | null,
  ) => string;
  drain: (drain: { sent: number; total: number }) => string;
  /** A span in its largest whole unit: "8 days", "1 hour", "under a minute". */
  duration: (ms: number) => string;
  /** How long ago `iso` was: "just now", "5 minutes ago", "9 days ago". */
  age: (iso: string, nowMs: number) => string;
  /** A moment people can place: "Tue 14:00" this week, else "3 Dec 14:00". Device's time zone. */
  moment: (iso: string, nowMs: number) => string;
  /**
   * A short time of day, "14:02": 24-hour like every other time the app shows (moments,
   * deadlines, timelines), so the status bar never says "2:02 PM" beside a "14:02".
   */
  time: (ms: number) => string;
  /** A deadline within the week: "Tue 14:00". */
  weekdayTime: (ms: number) => string;
  /** A day on a chart's axis: "3 Dec" (en-GB), "3. Dez." (de). */
  day: (ms: number) => string;
  /** A day and time in a table of changes: "3 Dec 14:02". */
  dayTime: (ms: number) => string;
  /** A precise time for timelines: "14:00:03.120". */
  clockTime: (iso: string) => string;
  /** Server-Timing phases: "accept 0.1 ms, tx 1.9 ms". */
  phases: (phases: Record<string, number>) => string;
}

const UNITS: [ms: number, unit: 'day' | 'hour' | 'minute'][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
];

const WEEKDAY_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** `make()` when first asked, the same value after. */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** `timeZone`: only tests fix it; the app shows the device's own. */
export function makeFormat(locale: string, words: FormatWords, timeZone?: string): Format {
  const zone: Intl.DateTimeFormatOptions = timeZone === undefined ? {} : { timeZone };
  // Each formatter is built when first used: building one costs about a millisecond on a slow
  // phone, and the sign-in screen shows no number or time at all.
  const numbers = lazily(() => new Intl.NumberFormat(locale));
  const decimals = lazily(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }));
  const relative = lazily(() => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }));
  const weekdayTime = lazily(() => new Intl.DateTimeFormat(locale, { ...WEEKDAY_TIME, ...zone }));
  const dayTime = lazily(
    () =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        ...zone,
      }),
  );
  const dayOnly = lazily(
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...zone }),
  );
  const shortTime = lazily(
    () =>
      new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        ...zone,
      }),
  );
  const clock = lazily(
    () =>
      new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        ...zone,
      }),
  );
  const unitFormats = new Map(
    UNITS.map(([, unit]) => [
      unit,
      lazily(() => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' })),
    ]),
  );

  const count = (n: number): string => {
    const text = numbers().format(Math.abs(n));
    return n < 0 ? `${MINUS}${text}` : text;
  };
  const delta = (d: number): string => (d > 0 ? `+${count(d)}` : count(d));
  // "Tue, 14:00" / "Di., 14:00": the comma only separates; the moment reads better without it.
  const noComma = (text: string): string => text.replace(',', '');

  return {
    count,
    delta,
    quantityWithPending(quantity, pendingDelta, pendingCount = null) {
      const parts = [
        ...(pendingDelta !== 0 ? [delta(pendingDelta)] : []),
        ...(pendingCount !== null ? [words.pendingCount(count(pendingCount))] : []),
      ];
      const confirmed = count(quantity);
      // What the stock will be once the pending work is confirmed, where that is known: changes
      // alone add up; a count alone sets it; a count beside changes depends on their order.
      const willBe =
        pendingCount === null ? quantity + pendingDelta : pendingDelta === 0 ? pendingCount : null;
      return parts.length === 0
        ? confirmed
        : words.withPending(confirmed, parts.join(' · '), willBe === null ? null : count(willBe));
    },
    drain: (d) => words.drain(count(d.sent), count(d.total)),
    duration(ms) {
      for (const [size, unit] of UNITS) {
        const n = Math.floor(ms / size);
        if (n >= 1) return unitFormats.get(unit)?.().format(n) ?? String(n);
      }
      return words.underAMinute;
    },
    age(iso, nowMs) {
      const elapsed = nowMs - Date.parse(iso);
      if (!Number.isFinite(elapsed)) return words.unknownTime;
      // A minute of slack: `now` is re-read every 30 s, so a fresh change may look a little ahead.
      if (elapsed < -60_000) return words.inTheFuture;
      for (const [size, unit] of UNITS) {
        const n = Math.floor(elapsed / size);
        if (n >= 1) return relative().format(-n, unit);
      }
      return words.justNow;
    },
    moment(iso, nowMs) {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      const withinWeek = Math.abs(date.getTime() - nowMs) < 6 * 86_400_000;
      return noComma((withinWeek ? weekdayTime : dayTime)().format(date));
    },
    time: (ms) => shortTime().format(new Date(ms)),
    weekdayTime: (ms) => noComma(weekdayTime().format(new Date(ms))),
    day: (ms) => dayOnly().format(new Date(ms)),
    dayTime: (ms) => noComma(dayTime().format(new Date(ms))),
    clockTime(iso) {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      const ms = String(date.getMilliseconds()).padStart(3, '0');
      // The fraction separator follows the locale ("14:00:03.120", "14:00:03,120").
      const separator = decimals().format(1.5).charAt(1);
      return `${clock().format(date)}${separator}${ms}`;
    },
    phases(phases) {
      const parts = Object.entries(phases).map(([name, ms]) =>
        words.phase(name, decimals().format(ms)),
      );
      return parts.length === 0 ? words.noPhases : parts.join(', ');
    },
  };
}

/**
 * English numbers for code not handed the person's locale: the benchmarks' figures. Screens use
 * `useI18n().format` instead.
 */
export const formatCount = makeFormat('en-GB', enShell.format).count;
