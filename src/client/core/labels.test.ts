import { describe, expect, it } from 'vitest';
import { explanation, stateLabel, summarize } from './labels';
import { importedState, type OpState } from './operation-state';

const retry = { attempts: 0, notBefore: 0 };
const receipt = {
  operationId: 'L.1',
  outcome: 'applied' as const,
  reason: null,
  itemId: 'lamp-14',
  delta: -2,
  resultingQuantity: 1,
  itemRevision: 2,
  recordedAt: '2026-11-29T17:00:00.312Z',
  compacted: false,
};

describe('the words people see (spec/client.md table)', () => {
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
