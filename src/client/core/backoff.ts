/**
 * Retry timing for the sender: exponential backoff with FULL jitter
 * (delay = uniform(0, min(cap, base · 2^(n-1)))), so devices that lost the server together do
 * not come back in lockstep; a server's `Retry-After` is a floor, never shortened.
 * Pure: the random draw (`jitter` in [0, 1)) is made by the caller from the injected source.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
  /** Automatic attempts per round before an operation rests as "Stored · waiting to retry". */
  maxAttempts: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 5 * 60_000, maxAttempts: 8 };

/** Delay before retry number `failures` (1 = after the first failure). */
export function fullJitterDelay(
  failures: number,
  jitter: number,
  policy: BackoffPolicy,
  retryAfterMs: number | null = null,
): number {
  const exponent = Math.max(0, failures - 1);
  // 2 ** 40 already dwarfs any cap; clamping keeps the arithmetic finite for silly counts.
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(exponent, 40));
  const drawn = Math.floor(Math.min(Math.max(jitter, 0), 1) * ceiling);
  return Math.max(drawn, retryAfterMs ?? 0);
}

/**
 * `Retry-After` is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). Returns milliseconds
 * from `nowMs`, or null when absent or unreadable. Every HTTP date form starts with a day name;
 * checking that first keeps `Date.parse`'s leniency ("1.5" is a day in 2001) out.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/^[A-Za-z]{3}/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}
