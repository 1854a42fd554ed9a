/**
 * Exponential backoff with FULL jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"):
 * the delay before retry n is drawn uniformly from [0, min(cap, base · 2^(n-1))), so clients (or
 * workers) that failed together do not come back in lockstep. One module for both retriers: the
 * device's sender (src/client/core/operation-state.ts, with the server's Retry-After as a floor)
 * and the server's export worker (src/server/export/worker.ts).
 * Pure: the caller draws the random number from its injected source.
 */
export interface JitterBounds {
  baseMs: number;
  capMs: number;
}

/** The largest draw below 1: a source that returns 1 (or more) still stays below the ceiling. */
const BELOW_ONE = 1 - Number.EPSILON;

/**
 * Delay (whole milliseconds) before retry number `failures` (1 = after the first failure; 0 or
 * less counts as 1). `draw` is in [0, 1); anything outside is clamped into it.
 */
export function fullJitterDelay(failures: number, draw: number, bounds: JitterBounds): number {
  // 2 ** 52 already dwarfs any cap; the clamp keeps the arithmetic finite for silly counts.
  const exponent = Math.min(Math.max(failures - 1, 0), 52);
  const ceiling = Math.min(bounds.capMs, bounds.baseMs * 2 ** exponent);
  const clamped = Number.isNaN(draw) ? 0 : Math.min(Math.max(draw, 0), BELOW_ONE);
  return Math.floor(clamped * ceiling);
}
