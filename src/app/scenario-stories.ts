/**
 * The Tester panel's **Scenarios**: the seeds' stories, each a fault (or a clock move) armed on the
 * server and the states a change goes through, in the order a person will see them. Pure data and
 * one pure rule (which steps have been seen); the runner plays them (scenario-runner.ts), the screen shows them (screens/scenarios.tsx).
 */
import type { ClientSnapshot, OperationState } from '../client';
import type { CreateItemOp, FaultRule } from '../protocol/schemas';
import type { ScenarioId, StepWord } from './i18n/en-scenarios';

export interface ScenarioStep {
  /** The states that tick this step (the first one seen, in order). */
  states: readonly OperationState[];
  /** What the person sees: the catalogue's `tester.scenarios.step` words. */
  word: StepWord;
}

/**
 * A backup restored (seed 002: "Import placed it in review… warned that idempotency history might
 * no longer exist"): another phone made the change `ageMs` ago and sent it once (the scenario's
 * fault, armed for that change alone, decides its fate); the server's clock moves as far and its
 * cleanup runs; then that phone's backup is imported here. What happens before the import is told
 * in the catalogue's `prelude`, one line per step, ticked as each is done.
 */
export interface RestoreStory {
  ageMs: number;
}

export interface Scenario {
  /** Its name and story are the catalogue's `tester.scenarios.stories[id]`. */
  id: ScenarioId;
  fault: FaultRule;
  /** Move the server's clock by this much once the outcome is unknown (work older than its deadline). */
  advanceClockMs?: number;
  restore?: RestoreStory;
  steps: readonly ScenarioStep[];
}

/**
 * Every story adds 1 to this item (created once, through the outbox, before the first story), so
 * no demo item's stock or history is touched by a tester's experiments.
 */
export const SCRATCH_ITEM: Omit<CreateItemOp, 'type'> = {
  itemId: 'tester-scratch',
  sku: 'TESTER-SCRATCH',
  name: 'Tester scratch item',
  location: 'Tester bench',
  initialQuantity: 100,
};

const DAY = 86_400_000;
const RESTORED_AGE = 3 * DAY;
/**
 * Each story's fault acts on one attempt: Chromium silently repeats a POST whose reused connection
 * closes before any byte of the answer, but the repeat carries the same attempt id and the server's
 * fault book lets it meet the same fault without using up another (src/server/sim/faults.ts), so
 * the first "Check and resend safely" finds the answer, as each story promises.
 */
const ONE_ATTEMPT = 1;

const sending: ScenarioStep = { states: ['sending'], word: 'sending' };
const unknown: ScenarioStep = { states: ['unknown'], word: 'unknown' };
const checking: ScenarioStep = { states: ['checking'], word: 'checking' };
const confirmed: ScenarioStep = { states: ['confirmed'], word: 'confirmed' };

export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'lostReply',
    fault: { fault: 'drop-response', times: ONE_ATTEMPT },
    steps: [sending, unknown, checking, confirmed],
  },
  {
    id: 'failBeforeCommit',
    fault: { fault: 'fail-before-commit', times: ONE_ATTEMPT },
    steps: [sending, unknown, checking, confirmed],
  },
  {
    id: 'slowReply',
    fault: { fault: 'delay', delayMs: 12_000, times: 1 },
    steps: [sending, unknown, checking, confirmed],
  },
  {
    id: 'busy',
    fault: { fault: 'unavailable', times: ONE_ATTEMPT },
    steps: [
      sending,
      {
        states: ['queued'],
        word: 'busyQueued',
      },
      { states: ['sending'], word: 'busySending' },
      confirmed,
    ],
  },
  {
    id: 'tooOld',
    fault: { fault: 'drop-request', times: ONE_ATTEMPT },
    advanceClockMs: 8 * DAY,
    steps: [
      sending,
      unknown,
      {
        states: ['checking'],
        word: 'tooOldChecking',
      },
      {
        states: ['not-applied', 'review', 'expired'],
        word: 'tooOldNotApplied',
      },
    ],
  },
  {
    id: 'restored',
    fault: { fault: 'drop-response', times: ONE_ATTEMPT },
    restore: {
      ageMs: RESTORED_AGE,
    },
    steps: [
      {
        states: ['review'],
        word: 'restoredReview',
      },
      {
        states: ['checking'],
        word: 'restoredChecking',
      },
      {
        states: ['confirmed', 'not-applied', 'expired'],
        word: 'restoredConfirmed',
      },
    ],
  },
];

/**
 * How many steps have been seen, given the states seen so far in order: each step ticks on the
 * first of its states seen after the previous step ticked.
 */
export function stepsSeen(scenario: Scenario, seen: readonly OperationState[]): number {
  let done = 0;
  for (const state of seen) {
    const step = scenario.steps[done];
    if (step?.states.includes(state)) done++;
  }
  return done;
}

/**
 * The shop's snapshot outside tester mode: the scratch item (and so its shelf, which only it
 * uses) is hidden from every screen. Hidden, not archived: its journal is real server history,
 * archiving it would take a manager's change through a lease on a server no longer in tester
 * mode, and a tester who turns the mode on again finds it there (a second "create" would collide
 * with its SKU). The same snapshot comes back when there is nothing to hide, so React re-renders
 * nothing.
 */
export function withoutScratch(snapshot: ClientSnapshot): ClientSnapshot {
  if (snapshot.testerMode || !snapshot.items.some((i) => i.id === SCRATCH_ITEM.itemId)) {
    return snapshot;
  }
  return { ...snapshot, items: snapshot.items.filter((i) => i.id !== SCRATCH_ITEM.itemId) };
}
