/** Durations in configuration: `500ms`, `30s`, `20m`, `36h`, `7d` or plain milliseconds. */
const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m)
    throw new Error(`"${text}" is not a duration (use 500ms, 30s, 20m, 36h, 7d or milliseconds)`);
  const ms = Number(m[1]) * (UNITS[m[2] ?? 'ms'] ?? 1);
  if (!Number.isFinite(ms)) throw new Error(`"${text}" is too large a duration`);
  return Math.round(ms);
}
