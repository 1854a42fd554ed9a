/**
 * The sender's retry policy: the bounds of its full-jitter backoff (src/protocol/backoff.ts), how
 * many automatic attempts a round makes, and the server's `Retry-After`, which is a floor under the
 * drawn delay, never shortened. Pure.
 */
import { fullJitterDelay, type JitterBounds } from '../../protocol/backoff';

export interface BackoffPolicy extends JitterBounds {
  /** Automatic attempts per round before an operation rests as "Stored · waiting to retry". */
  maxAttempts: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 5 * 60_000, maxAttempts: 8 };

/** Delay before retry number `failures`: the full-jitter draw, never shorter than `Retry-After`. */
export function retryDelay(
  failures: number,
  jitter: number,
  policy: BackoffPolicy,
  retryAfterMs: number | null = null,
): number {
  return Math.max(fullJitterDelay(failures, jitter, policy), retryAfterMs ?? 0);
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
