import { describe, expect, it } from 'vitest';
import type { Op, ProblemCode, ReasonCode } from '../../protocol/schemas';
import {
  ageInWords,
  explanation,
  reasonText,
  RECEIPT_REASON_WORDS,
  stateLabel,
  summarize,
} from './labels';
import { importedState, type OpState, type ReviewReason, type WaitingWhy } from './operation-state';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';

const retry = { attempts: 0, notBefore: 0 };
const receipt = sampleReceipt({ operationId: 'L.1', resultingQuantity: 1, itemRevision: 2 });

describe('the words people see (docs/client.md#states-and-their-words)', () => {
  const cases: [OpState, string][] = [
    [{ kind: 'queued', retry }, 'Saved on this device'],
    [{ kind: 'sending', attemptId: 'a', since: 0, retry }, 'Sending…'],
    [{ kind: 'unknown', since: 0, retry, notYet: false }, 'Outcome unknown'],
    [
      {
        kind: 'checking',
        attemptId: 'a',
        since: 0,
        via: 'resend',
        prior: { kind: 'unknown', since: 0, retry, notYet: false },
      },
      'Checking outcome…',
    ],
    [
      { kind: 'waiting', since: 0, why: 'retries-exhausted', uncertain: true, detail: null },
      'Stored · waiting to retry',
    ],
    [
      { kind: 'finishing', receipt, localWriteFailed: false },
      'Confirmed by server; finishing on this device',
    ],
    [
      { kind: 'finishing', receipt, localWriteFailed: true },
      'Server result found; local storage needs attention',
    ],
    [{ kind: 'confirmed', since: 0 }, 'Confirmed'],
    [
      { kind: 'rejected', since: 0, reason: 'unknown-item' },
      'Rejected: the item does not exist on the server',
    ],
    [
      { kind: 'review', since: 0, reason: { code: 'receipt', reason: 'would-go-negative' } },
      'Needs review: stock would go below zero',
    ],
    [
      { kind: 'review', since: 0, reason: { code: 'receipt', reason: 'stale-count' } },
      'Needs review: the count was based on old stock',
    ],
    [{ kind: 'expired', since: 0 }, "Expired — check the item's history"],
    [{ kind: 'not-applied', since: 0 }, 'Not applied — safe to enter again'],
  ];
  it.each(cases)('%j → %s', (state, label) => {
    expect(stateLabel(state, 0, 0)).toBe(label);
  });

  it('names the age of restored work', () => {
    const day = 86_400_000;
    expect(stateLabel(importedState(9 * day), 0, 9 * day)).toBe(
      'Needs review: restored from a backup; made 9 days ago, the server may no longer remember it',
    );
  });

  it('never says failed, error or try again', () => {
    for (const [state] of cases) {
      const words = `${stateLabel(state, 0, 0)} ${explanation(state, 'Remove 2 from Desk lamp') ?? ''}`;
      expect(words).not.toMatch(/fail|error|try again/i);
    }
  });

  it('explains an unknown outcome in the spec words', () => {
    expect(
      explanation({ kind: 'unknown', since: 0, retry, notYet: false }, 'Remove 2 from shelf A'),
    ).toBe(
      'No result was received for "Remove 2 from shelf A". The change may already be confirmed. ' +
        'Stockroom uses the same operation identity, so checking again cannot apply it twice.',
    );
  });

  it('says when resting work is checked again by itself, or that it waits for the network', () => {
    const resting: OpState = {
      kind: 'waiting',
      since: 0,
      why: 'retries-exhausted',
      uncertain: true,
      detail: null,
    };
    expect(explanation(resting, 'Remove 2 from shelf A', '21:50')).toBe(
      'Automatic retries are paused; nothing is lost. Stockroom checks again by itself at 21:50, or at once with "Check and resend safely".',
    );
    expect(explanation(resting, 'Remove 2 from shelf A')).toBe(
      'Automatic retries are paused; nothing is lost. It is sent again when the device is back online, or with "Check and resend safely".',
    );
    expect(
      explanation(
        { ...resting, why: 'server-problem', detail: 'HTTP 500' },
        'Remove 2 from shelf A',
        '21:50',
      ),
    ).toBe(
      'The server could not handle it just now (HTTP 500). It is stored on this device; checking again uses the same identity. Next check by itself at 21:50.',
    );
  });

  it('summarises what the person decided', () => {
    expect(
      summarize({ type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' }, 'Desk lamp'),
    ).toBe('Remove 2 from Desk lamp');
    expect(
      summarize({ type: 'adjust', itemId: 'lamp-14', delta: 5, reason: 'received' }, null),
    ).toBe('Add 5 to lamp-14');
    expect(
      summarize({ type: 'count', itemId: 'lamp-14', quantity: 7, basedOnRevision: 3 }, 'Desk lamp'),
    ).toBe('Count Desk lamp: 7');
  });
});

describe('the age of restored work', () => {
  const hour = 3_600_000;
  const day = 86_400_000;
  it.each([
    [0, 'less than an hour'],
    [hour - 1, 'less than an hour'],
    [-5 * day, 'less than an hour'],
    [hour, '1 hour'],
    [2 * hour - 1, '1 hour'],
    [2 * hour, '2 hours'],
    [day - 1, '23 hours'],
    [day, '1 day'],
    [2 * day - 1, '1 day'],
    [2 * day, '2 days'],
  ])('%d ms → %s', (ms, words) => {
    expect(ageInWords(ms)).toBe(words);
  });

  it('counts from when it was made to now', () => {
    expect(stateLabel(importedState(10 * day), 7 * day, 10 * day)).toBe(
      'Needs review: restored from a backup; made 3 days ago, the server may no longer remember it',
    );
  });
});

describe('why it needs review or was rejected', () => {
  const review = (reason: ReviewReason): OpState => ({ kind: 'review', since: 0, reason });
  it('names each receipt reason, and says so when the server gave none', () => {
    for (const [code, words] of Object.entries(RECEIPT_REASON_WORDS)) {
      expect(stateLabel({ kind: 'rejected', since: 0, reason: code as ReasonCode }, 0, 0)).toBe(
        `Rejected: ${words}`,
      );
    }
    expect(stateLabel({ kind: 'rejected', since: 0, reason: null }, 0, 0)).toBe(
      'Rejected: the server refused it',
    );
    expect(stateLabel(review({ code: 'receipt', reason: null }), 0, 0)).toBe(
      'Needs review: the server asked for a review',
    );
  });

  it('says what a 410 and each kind of refusal mean', () => {
    expect(stateLabel(review({ code: 'expired', answer: 'unchecked', retry }), 0, 0)).toBe(
      'Needs review: it reached the server after its deadline, so the server did not apply it',
    );
    const refused = (problem: ProblemCode | null) =>
      stateLabel(review({ code: 'refused', httpStatus: 422, problem, detail: 'bad sku' }), 0, 0);
    expect(refused('key-reused')).toBe(
      'Needs review: the server already holds different content under this operation’s identity',
    );
    expect(refused('invalid-operation-metadata')).toBe(
      'Needs review: the server did not accept this device’s operation identity',
    );
    expect(refused('invalid-request')).toBe(
      'Needs review: the server could not accept its content (bad sku)',
    );
    expect(refused(null)).toBe('Needs review: the server could not accept its content (bad sku)');
  });

  it('has no reason for the other states', () => {
    expect(reasonText({ kind: 'confirmed', since: 0 }, 0, 0)).toBeNull();
    expect(reasonText({ kind: 'queued', retry }, 0, 0)).toBeNull();
  });
});

describe('the longer explanation of each state', () => {
  const summary = 'Remove 2 from shelf A';
  const waiting = (why: WaitingWhy, detail: string | null = null): OpState => ({
    kind: 'waiting',
    since: 0,
    why,
    uncertain: false,
    detail,
  });

  it('checking explains like unknown', () => {
    const prior = { kind: 'unknown', since: 0, retry, notYet: false } as const;
    expect(
      explanation({ kind: 'checking', attemptId: 'a', since: 0, via: 'status', prior }, summary),
    ).toBe(explanation(prior, summary));
  });

  it('waiting: sign-in, and a server problem with or without detail or a planned check', () => {
    expect(explanation(waiting('sign-in'), summary, '21:50')).toBe(
      'Sign in again to send it. It keeps its identity, so nothing can be applied twice.',
    );
    expect(explanation(waiting('server-problem'), summary)).toBe(
      'The server could not handle it just now. It is stored on this device; checking again uses the same identity.',
    );
    expect(explanation(waiting('server-problem', 'HTTP 500'), summary)).toBe(
      'The server could not handle it just now (HTTP 500). It is stored on this device; checking again uses the same identity.',
    );
  });

  it('finishing only needs words when the local write failed', () => {
    expect(
      explanation({ kind: 'finishing', receipt, localWriteFailed: false }, summary),
    ).toBeNull();
    expect(explanation({ kind: 'finishing', receipt, localWriteFailed: true }, summary)).toBe(
      'The server has the result, but this device could not store it yet. Checking again is safe: the server returns the same result.',
    );
  });

  it('review: restored work by what the server said so far, an expiry, and nothing for the rest', () => {
    const day = 86_400_000;
    expect(explanation(importedState(day), summary)).toBe(
      'Restored from a backup. Stockroom asks the server whether it already has it before anything is sent.',
    );
    const imported = importedState(day);
    if (imported.kind !== 'review' || imported.reason.code !== 'imported') throw new Error('shape');
    expect(
      explanation({ ...imported, reason: { ...imported.reason, answer: 'not-yet' } }, summary),
    ).toBe(
      'The server has no record of it yet. Sending it now uses the same identity, so it cannot be applied twice.',
    );
    expect(
      explanation(
        { kind: 'review', since: 0, reason: { code: 'expired', answer: 'unchecked', retry } },
        summary,
      ),
    ).toBe(
      "Check the item's history to see whether the change is there, then enter it again if needed.",
    );
    expect(
      explanation(
        { kind: 'review', since: 0, reason: { code: 'receipt', reason: 'stale-count' } },
        summary,
      ),
    ).toBeNull();
  });

  it('expired and not applied say whether entering it again is safe', () => {
    expect(explanation({ kind: 'expired', since: 0 }, summary)).toBe(
      "The server can no longer tell whether this change was applied. Check the item's history before entering it again.",
    );
    expect(explanation({ kind: 'not-applied', since: 0 }, summary)).toBe(
      'The server confirmed this change never was and never will be applied. It is safe to enter it again.',
    );
  });

  it('has nothing more to say for the plain states', () => {
    expect(explanation({ kind: 'queued', retry }, summary)).toBeNull();
    expect(explanation({ kind: 'sending', attemptId: 'a', since: 0, retry }, summary)).toBeNull();
    expect(explanation({ kind: 'confirmed', since: 0 }, summary)).toBeNull();
    expect(explanation({ kind: 'rejected', since: 0, reason: null }, summary)).toBeNull();
  });
});

describe('summaries of every kind of change', () => {
  it('adds zero as an addition, and names creations, edits and archives', () => {
    expect(
      summarize({ type: 'adjust', itemId: 'x', delta: 0, reason: 'received' }, 'Desk lamp'),
    ).toBe('Add 0 to Desk lamp');
    expect(summarize({ type: 'adjust', itemId: 'x', delta: -1, reason: 'sold' }, 'Desk lamp')).toBe(
      'Remove 1 from Desk lamp',
    );
    expect(
      summarize(
        {
          type: 'createItem',
          itemId: 'lamp-15',
          sku: 'L-15',
          name: 'Floor lamp',
          initialQuantity: 3,
          location: 'Shelf B',
        } as Op,
        null,
      ),
    ).toBe('Create Floor lamp with 3 on Shelf B');
    expect(summarize({ type: 'updateItem', itemId: 'lamp-14' } as Op, 'Desk lamp')).toBe(
      'Edit Desk lamp',
    );
    expect(summarize({ type: 'archiveItem', itemId: 'lamp-14' } as Op, null)).toBe(
      'Archive lamp-14',
    );
  });
});
