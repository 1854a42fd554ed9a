/**
 * The Tester panel's **Scenarios**: the seeds' stories, each a fault (or a clock move) armed on the
 * server and the states a change goes through, in the order a person will see them. Pure data and
 * one pure rule (which steps have been seen); the screen runs them (screens/scenarios.tsx).
 */
import type { OperationState } from '../client';
import type { FaultRule } from '../protocol/schemas';

export interface ScenarioStep {
  /** The states that tick this step (the first one seen, in order). */
  states: readonly OperationState[];
  /** What the person sees, in plain words. */
  words: string;
}

export interface Scenario {
  name: string;
  /** The seeds' lesson, in one or two sentences. */
  story: string;
  fault: FaultRule;
  /** Move the server's clock by this much once the outcome is unknown (work older than its deadline). */
  advanceClockMs?: number;
  steps: readonly ScenarioStep[];
}

const DAY = 86_400_000;
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
