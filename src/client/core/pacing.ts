/**
 * Step by step (the Tester panel's switch): the pace at which the sender moves, so a person can
 * watch each state and act. Only timing changes: the same ids, the same durable attempts, the same
 * transactions; nothing is skipped or repeated. Pure: the clock reading comes in.
 *
 * - An attempt's in-flight state ("Sending…", "Checking outcome…") stays on screen `holdMs` before
 *   the request leaves (the attempt is already recorded; the wait is never inside a transaction).
 * - After a step that left work without a final answer (no answer, server busy), the sender does
 *   not move by itself for `holdMs`: "Outcome unknown" stays until the time is up or the person
 *   presses "Check and resend safely".
 * - The service worker keeps no pace: while a tab watches, it leaves the sending to that tab
 *   (tabs.ts `WatchSignal`), so nothing moves faster than the pace behind the person's back.
 */
export interface PacingPolicy {
  /** How long each state stays on screen; 0 is the normal pace (no holds at all). */
  holdMs: number;
}

export const NORMAL_PACE: PacingPolicy = { holdMs: 0 };
/** A few seconds: long enough to read a label and reach a button, short enough to sit through. */
export const STEP_BY_STEP: PacingPolicy = { holdMs: 3_000 };

export function pacing(stepByStep: boolean): PacingPolicy {
  return stepByStep ? STEP_BY_STEP : NORMAL_PACE;
}

/** How long an attempt shows as in flight before its request leaves. */
export function showInFlightFor(policy: PacingPolicy): number {
  return Math.max(0, policy.holdMs);
}

/**
 * After a step: until when the sender keeps still. A final answer (a receipt) holds nothing: the
 * next operation may go at once, as "Confirmed" needs no watching to be believed.
 */
export function holdAfterStep(
  step: { final: boolean },
  at: number,
  policy: PacingPolicy,
): number | null {
  if (policy.holdMs <= 0 || step.final) return null;
  return at + policy.holdMs;
}

/**
 * May the sender make its next move by itself now? Not while a hold lasts, unless the person
 * asked ("Check and resend safely" ends the hold at once). Returns when to look again if held.
 */
export function heldUntil(hold: number | null, now: number, askedByPerson: boolean): number | null {
  if (askedByPerson || hold === null || hold <= now) return null;
  return hold;
}

/** The sender's next timer while held: not before the hold ends (no wake-up just to wait again). */
export function pacedWake(wakeAt: number | null, held: number | null): number | null {
  if (wakeAt === null || held === null) return wakeAt;
  return Math.max(wakeAt, held);
}
