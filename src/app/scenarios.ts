/**
 * The Tester panel's **Scenarios**: the seeds' stories, each a fault (or a clock move) armed on the
 * server and the states a change goes through, in the order a person will see them. Pure data and
 * one pure rule (which steps have been seen); the screen runs them (screens/scenarios.tsx).
 */
import type { OperationState } from '../client';
import type { CreateItemOp, FaultRule } from '../protocol/schemas';

export interface ScenarioStep {
  /** The states that tick this step (the first one seen, in order). */
  states: readonly OperationState[];
  /** What the person sees, in plain words. */
  words: string;
}

/**
 * A backup restored (seed 002: "Import placed it in review… warned that idempotency history might
 * no longer exist"): another phone made the change `ageMs` ago and sent it once (the scenario's
 * fault, armed for that change alone, decides its fate); the server's clock moves as far and its
 * cleanup runs; then that phone's backup is imported here. What happens before the import is told
 * in `prelude`, one line per step, ticked as each is done.
 */
export interface RestoreStory {
  ageMs: number;
  deviceName: string;
  prelude: readonly [made: string, aged: string, restored: string];
}

export interface Scenario {
  name: string;
  /** The seeds' lesson, in one or two sentences. */
  story: string;
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

export const SCENARIO_WORDS = {
  intro: 'Each story arms its fault, turns on Step by step, and adds 1 to the Tester scratch item.',
  creatingScratch: 'Creating the Tester scratch item first (once)…',
  scratchNotConfirmed:
    'The Tester scratch item is saved on this device but not confirmed by the server yet: remove any lasting fault, then run the story again.',
  noItems: 'No item on this device yet: open Items once while online.',
  theChange: (change: string) => `The change: ${change}.`,
  clockWillMove: ' The server’s clock moves 8 days ahead once the outcome is unknown.',
  clockMoved: ' The server’s clock was moved 8 days ahead.',
  timelineHint: (shortId: string) =>
    `Both sides of its story are in the timeline below (operation …${shortId}).`,
  openChange: 'Open this change and its attempt timeline',
  now: 'Now:',
  notTaken: (message: string) => `The server did not take the fault: ${message}`,
  cleanupDone: (words: string) => `Cleanup: ${words}`,
} as const;

const DAY = 86_400_000;
const RESTORED_AGE = 3 * DAY;
/**
 * A dropped connection is armed for three requests: Chromium silently repeats a POST whose reused
 * connection closes before any byte of the answer (up to twice), and the lesson needs the app to
 * see the drop.
 */
const BROWSER_REPEATS = 3;

const sending: ScenarioStep = {
  states: ['sending'],
  words: 'Sending…: the attempt is recorded, then sent.',
};
const unknown: ScenarioStep = {
  states: ['unknown'],
  words:
    'Outcome unknown: no reply came. The change may or may not be applied; nothing says "failed".',
};
const checking: ScenarioStep = {
  states: ['checking'],
  words: 'Checking outcome…: the same change is sent again under the same identity.',
};
const confirmed: ScenarioStep = {
  states: ['confirmed'],
  words:
    'Confirmed: the server’s receipt is stored on this device; the change applied exactly once.',
};

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'Lost reply after commit',
    story:
      'The server commits the change, then the reply is lost on the way back. Checking again finds the stored receipt: nothing is applied twice.',
    fault: { fault: 'drop-response', times: BROWSER_REPEATS },
    steps: [sending, unknown, checking, confirmed],
  },
  {
    name: 'Failure before commit',
    story:
      'The server fails before it commits: nothing was applied, yet the app cannot know that. Resending the same identity applies it once.',
    fault: { fault: 'fail-before-commit', times: BROWSER_REPEATS },
    steps: [sending, unknown, checking, confirmed],
  },
  {
    name: 'Reply slower than the app waits',
    story:
      'The server takes 12 s; the app waits 10 s. The end of its patience is not a failure: the late commit is found by checking again.',
    fault: { fault: 'delay', delayMs: 12_000, times: 1 },
    steps: [sending, unknown, checking, confirmed],
  },
  {
    name: 'Server busy',
    story:
      'The server refuses work twice (503 with Retry-After) before doing anything. The change stays saved on this device and goes when the server takes work again.',
    fault: { fault: 'unavailable', times: 2 },
    steps: [
      sending,
      {
        states: ['queued'],
        words: 'Saved on this device: the server is busy; the status bar says when it tries again.',
      },
      { states: ['sending'], words: 'Sending… again, after the server’s Retry-After.' },
      confirmed,
    ],
  },
  {
    name: 'Too old to apply',
    story:
      'The request is lost, then the server’s clock moves 8 days: past the change’s deadline. The server will never apply it for the first time, and says so.',
    fault: { fault: 'drop-request', times: BROWSER_REPEATS },
    advanceClockMs: 8 * DAY,
    steps: [
      sending,
      unknown,
      {
        states: ['checking'],
        words: 'Checking outcome…: after the deadline the app asks the server rather than resend.',
      },
      {
        states: ['not-applied', 'review', 'expired'],
        words:
          'Not applied — safe to enter again: the server confirms it never was, and never will be.',
      },
    ],
  },
  {
    name: 'Old backup restored',
    story:
      'An old phone sent a change and never heard back; days later its backup is restored here. The app never resends restored work by itself: it asks the server, whose tombstone still remembers the change, so it stands once.',
    fault: { fault: 'drop-response', times: BROWSER_REPEATS },
    restore: {
      ageMs: RESTORED_AGE,
      deviceName: 'Old phone (tester scenario)',
      prelude: [
        'An old phone adds 1 and sends it: the server commits it, and the reply is lost on the way back (its outcome stays unknown there).',
        'Three days pass on the server’s clock and its cleanup runs: receipts older than the retention time are shortened to tombstones (the id, a fingerprint, the outcome).',
        'The old phone’s backup is restored on this device: its change arrives with its own identity, never as a new one.',
      ],
    },
    steps: [
      {
        states: ['review'],
        words:
          'Needs review: restored from a backup, 3 days old. Restored work is never resent by itself: the server may no longer remember it.',
      },
      {
        states: ['checking'],
        words: 'Checking outcome…: the app only asks the server about this identity (read-only).',
      },
      {
        states: ['confirmed', 'not-applied', 'expired'],
        words:
          'Confirmed: the server’s tombstone still answers “processed”: the change stands once, never twice.',
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
