/**
 * A camera that stays on (Receive delivery) sees the same label in many frames. A code counts once
 * while it stays in view: it counts again only after it has not been seen for HOLD_MS (the box
 * went away and the next one came), and a different code counts at once. Pure, with explicit times.
 */
export const HOLD_MS = 1200;

export class RepeatGuard {
  private lastCode: string | null = null;
  private lastSeen = -Infinity;

  /** A code read at `at`: whether it counts as a new scan. */
  seen(code: string, at: number): boolean {
    const repeat = code === this.lastCode && at - this.lastSeen < HOLD_MS;
    this.lastCode = code;
    this.lastSeen = at;
    return !repeat;
  }
}
