/**
 * The Tester panel's Scenarios in English: the seeds' stories and their steps. The story names
 * are accessible names (docs/client.md#accessible-names; the browser tests press them).
 */
export const enScenarios = {
  heading: 'Scenarios',
  intro: 'Each story arms its fault, turns on Step by step, and adds 1 to the Tester scratch item.',
  creatingScratch: 'Creating the Tester scratch item first (once)…',
  scratchNotConfirmed:
    'The Tester scratch item is saved on this device but not confirmed by the server yet: remove any lasting fault, then run the story again.',
  noItems: 'No item on this device yet: open Items once while online.',
  theChange: (change: string) => `The change: ${change}.`,
  addOneTo: (item: string) => `Add 1 to ${item}`,
  clockWillMove: ' The server’s clock moves 8 days ahead once the outcome is unknown.',
  clockMoved: ' The server’s clock was moved 8 days ahead.',
  timelineHint: (shortId: string) =>
    `Both sides of its story are in the timeline below (operation …${shortId}).`,
  openChange: 'Open this change and its attempt timeline',
  now: 'Now:',
  notTaken: (message: string) => `The server did not take the fault: ${message}`,
  cleanupDone: (words: string) => `Cleanup: ${words}`,
  region: (name: string) => `Scenario: ${name}`,
  steps: 'Steps',
  note: (name: string) => `Tester scenario: ${name}`,
  step: {
    sending: 'Sending…: the attempt is recorded, then sent.',
    unknown:
      'Outcome unknown: no reply came. The change may or may not be applied; nothing says "failed".',
    checking: 'Checking outcome…: the same change is sent again under the same identity.',
    confirmed:
      'Confirmed: the server’s receipt is stored on this device; the change applied exactly once.',
    busyQueued:
      'Saved on this device: the server is busy; the status bar says when it tries again.',
    busySending: 'Sending… again, after the server’s Retry-After.',
    tooOldChecking:
      'Checking outcome…: after the deadline the app asks the server rather than resend.',
    tooOldNotApplied:
      'Not applied — safe to enter again: the server confirms it never was, and never will be.',
    restoredReview:
      'Needs review: restored from a backup, 3 days old. Restored work is never resent by itself: the server may no longer remember it.',
    restoredChecking:
      'Checking outcome…: the app only asks the server about this identity (read-only).',
    restoredConfirmed:
      'Confirmed: the server’s tombstone still answers “processed”: the change stands once, never twice.',
  },
  stories: {
    lostReply: {
      name: 'Lost reply after commit',
      story:
        'The server commits the change, then the reply is lost on the way back. Checking again finds the stored receipt: nothing is applied twice.',
    },
    failBeforeCommit: {
      name: 'Failure before commit',
      story:
        'The server fails before it commits: nothing was applied, yet the app cannot know that. Resending the same identity applies it once.',
    },
    slowReply: {
      name: 'Reply slower than the app waits',
      story:
        'The server takes 12 s; the app waits 10 s. The end of its patience is not a failure: the late commit is found by checking again.',
    },
    busy: {
      name: 'Server busy',
      story:
        'The server refuses the change once (503 with Retry-After) before doing anything. The change stays saved on this device and goes when the server takes work again.',
    },
    tooOld: {
      name: 'Too old to apply',
      story:
        'The request is lost, then the server’s clock moves 8 days: past the change’s deadline. The server will never apply it for the first time, and says so.',
    },
    restored: {
      name: 'Old backup restored',
      story:
        'An old phone sent a change and never heard back; days later its backup is restored here. The app never resends restored work by itself: it asks the server, whose tombstone still remembers the change, so it stands once.',
    },
  },
  restoredDevice: 'Old phone (tester scenario)',
  prelude: [
    'An old phone adds 1 and sends it: the server commits it, and the reply is lost on the way back (its outcome stays unknown there).',
    'Three days pass on the server’s clock and its cleanup runs: receipts older than the retention time are shortened to tombstones (the id, a fingerprint, the outcome).',
    'The old phone’s backup is restored on this device: its change arrives with its own identity, never as a new one.',
  ] as readonly [made: string, aged: string, restored: string],
};

export type ScenarioWords = typeof enScenarios;
export type ScenarioId = keyof ScenarioWords['stories'];
export type StepWord = keyof ScenarioWords['step'];
