/**
 * When the primary starts a replacement for a worker that died: at once-ish the first time, then
 * doubling, so a worker that dies at every start (a bad setting, a database that is down) does not
 * spin the machine. A death more than RESTART_STABLE_MS after the previous one counts as the first.
 */
export const RESTART_BASE_MS = 500;
export const RESTART_CAP_MS = 30_000;
export const RESTART_STABLE_MS = 60_000;

/** `crashes` counts deaths in a row (1 for the first). */
export function restartDelayMs(crashes: number): number {
  const exponent = Math.min(Math.max(crashes - 1, 0), 16);
  return Math.min(RESTART_CAP_MS, RESTART_BASE_MS * 2 ** exponent);
}
