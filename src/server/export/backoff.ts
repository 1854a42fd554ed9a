/**
 * Retry delays with "full jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter"):
 * a uniformly random delay in [0, min(cap, base · 2^(attempt-1))). Randomness is injected, so tests
 * and fast-check get the same delays for the same draws. Several workers that fail together do not
 * retry in lockstep against a struggling sink.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/**
 * A short base: a downstream that refuses now and then (a 503 among many 2xx) costs each refusal a
 * wait of 50 ms on average, not a stall; one that keeps refusing still backs off to the cap within
 * ten rounds.
 */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 100, capMs: 60_000 };

/** `attempt` counts failures so far (1 after the first). `random()` is in [0, 1). */
export function fullJitterDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number,
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 52);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  return Math.floor(random() * ceiling);
}
