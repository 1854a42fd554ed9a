/**
 * Backlog batches are taken in a few per event-loop turn, so a person's single change is not stuck
 * behind a reconnection storm's intake.
 *
 * Why: the loop's poll phase reads every readable socket's request, and reading each one whole,
 * JSON-parsing, authenticating (a session lookup) and weighing it by admission right there makes
 * the store's group commit, which runs only after the poll phase (setImmediate), wait for all of
 * them: when a storm's 1,000 batches arrive together, one poll phase takes in ~900 of them
 * (356 ms, ~0.4 ms each with their garbage, measured in the storm bench), and a person's change
 * read at its start waits for all of it before its commit (p99 0.4–1.6 s). So the poll phase reads
 * only a batch's headers; the rest of its intake (its body, then every check in the order of
 * docs/api.md#order-of-checks, unchanged) goes on at once only for the first `perStep` of a turn;
 * the rest wait here and `perStep` go on per turn, oldest first. A quiet server takes a batch in
 * at once.
 *
 * A step runs in the loop's timers phase, before the poll phase: the batches it lets go are parsed,
 * checked and admitted there, their commit follows in the same turn's check phase, and a person's
 * change read in the poll phase between them joins that commit without waiting for a step.
 * (Steps in the check phase, ahead of the commit, would make the person wait for a step too.)
 *
 *   take(go) ──(none waiting, fewer than perStep gone this turn)──► go() at once
 *      └──► waiting[] ──(a step per turn: the oldest `perStep` go on; another step follows
 *                        while any went on)──► go(): the request goes on
 */

/**
 * Batches let go per turn. A batch's intake costs ~0.4 ms (20 operations) to ~1 ms (50). In quick
 * storms (1,000 × 20, load average ~4) the person's p99 was 97–119 ms with 16, 96–345 ms with 8
 * (the commit groups are smaller, but the intake queue drains more slowly) and 305 ms with 32.
 */
export const BATCHES_PER_TURN = 16;

/** Runs `step` in a later turn of the event loop. */
export type IntakeSchedule = (step: () => void) => void;

export interface PacedIntake {
  /** Calls `go` when its turn comes, oldest first. */
  take(go: () => void): void;
  /** Requests waiting for their intake. */
  waiting(): number;
}

/** The next turn's timers phase (a 0 ms timer, which Node runs after at least 1 ms). */
const nextTimersPhase: IntakeSchedule = (step) => {
  setTimeout(step, 0);
};

export function pacedIntake(
  perStep: number,
  schedule: IntakeSchedule = nextTimersPhase,
): PacedIntake {
  const queue: (() => void)[] = [];
  /** Requests let go since the last step: while under `perStep`, a new one goes on at once. */
  let goneThisTurn = 0;
  let scheduled = false;

  function ensureStep(): void {
    if (scheduled) return;
    scheduled = true;
    schedule(step);
  }

  function step(): void {
    scheduled = false;
    const due = queue.splice(0, perStep);
    goneThisTurn = due.length;
    // Another step while any wait, or to start the next turn's count for those let go now.
    if (goneThisTurn > 0) ensureStep();
    for (const go of due) go();
  }

  return {
    take(go) {
      if (queue.length === 0 && goneThisTurn < perStep) {
        goneThisTurn++;
        ensureStep();
        go();
        return;
      }
      queue.push(go);
      ensureStep();
    },
    waiting: () => queue.length,
  };
}
