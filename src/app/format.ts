/** Pure formatting of numbers, quantities and times for people. No I/O; `now` is passed in. */

const MINUS = '\u2212';
const numberFormat = new Intl.NumberFormat('en-US');

/** 3000 → "3,000"; −2 → "−2" (a real minus sign, which screen readers read as "minus"). */
export function formatCount(n: number): string {
  const text = numberFormat.format(Math.abs(n));
  return n < 0 ? `${MINUS}${text}` : text;
}

/** A signed change: +3, −2. */
export function formatDelta(delta: number): string {
  return delta > 0 ? `+${formatCount(delta)}` : formatCount(delta);
}

/**
 * The Items row: confirmed quantity and, beside it, this device's pending effect: "12 · −2 pending";
 * a pending stock count shows the same way: "12 · count 10 pending".
 */
export function formatQuantityWithPending(
  quantity: number,
  pendingDelta: number,
  pendingCount: number | null = null,
): string {
  const parts = [
    ...(pendingDelta !== 0 ? [formatDelta(pendingDelta)] : []),
    ...(pendingCount !== null ? [`count ${formatCount(pendingCount)}`] : []),
  ];
  const confirmed = formatCount(quantity);
  return parts.length === 0 ? confirmed : `${confirmed} · ${parts.join(' · ')} pending`;
}

/** "Sending 120 of 3,000" */
export function formatDrain(drain: { sent: number; total: number }): string {
  return `Sending ${formatCount(drain.sent)} of ${formatCount(drain.total)}`;
}

const UNITS: [ms: number, one: string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
];

/** A span in its largest whole unit: "8 days", "1 hour", "under a minute". */
export function formatDuration(ms: number): string {
  for (const [unit, name] of UNITS) {
    const n = Math.floor(ms / unit);
    if (n >= 1) return `${formatCount(n)} ${name}${n === 1 ? '' : 's'}`;
  }
  return 'under a minute';
}

/** How long ago `iso` was, in words: "just now", "5 minutes ago", "9 days ago". */
export function formatAge(iso: string, nowMs: number): string {
  const elapsed = nowMs - Date.parse(iso);
  if (!Number.isFinite(elapsed)) return 'at an unknown time';
  // A minute of slack: `now` is re-read every 30 s, so a fresh change may look a little ahead.
  if (elapsed < -60_000) return 'in the future (this device clock may be wrong)';
  for (const [ms, unit] of UNITS) {
    const n = Math.floor(elapsed / ms);
    if (n >= 1) return `${formatCount(n)} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** A moment people can place: "Tue 14:00" this week, else "3 Dec 14:00". Local time of the device. */
export function formatMoment(iso: string, nowMs: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const withinWeek = Math.abs(date.getTime() - nowMs) < 6 * 86_400_000;
  const options: Intl.DateTimeFormatOptions = withinWeek
    ? { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return new Intl.DateTimeFormat('en-GB', options).format(date).replace(',', '');
}

/** A precise time for timelines: "14:00:03.120". */
export function formatClockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${time}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/** Server-Timing phases in words: "accept 0.1 ms, tx 1.9 ms, commit 0.4 ms". */
export function formatPhases(phases: Record<string, number>): string {
  const parts = Object.entries(phases).map(([name, ms]) => `${name} ${ms} ms`);
  return parts.length === 0 ? 'none reported' : parts.join(', ');
}
