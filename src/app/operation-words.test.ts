import { describe, expect, it } from 'vitest';
import type {
  Explanation,
  ExplanationKind,
  OperationReason,
  OperationReasonKind,
  OperationState,
  OperationView,
} from '../client/facade';
import { operationView } from '../client/core/operation-view';
import { importedState, type StoredOpState } from '../client/core/operation-state';
import { sampleRecord } from '../../tests/support/client/sample-record';
import { makeFormat } from './format';
import { de } from './i18n/de';
import { en } from './i18n/en';
import { operationWords, operationWordsOf, type OperationWords } from './operation-words';
import { op } from '../../tests/support/app/operation-fixture';

const NOW = Date.parse('2026-11-29T18:00:00.000Z');
const context = { itemName: (id: string) => (id === 'lamp-14' ? 'Desk lamp' : null), now: NOW };
const english = (o: ReturnType<typeof op>) =>
  operationWords(o, en, makeFormat('en-GB', en.format, 'UTC'), context);
const german = (o: ReturnType<typeof op>) =>
  operationWords(o, de, makeFormat('de-DE', de.format, 'UTC'), context);

const ALL: OperationState[] = [
  'queued',
  'sending',
  'unknown',
  'checking',
  'waiting',
  'finishing',
  'confirmed',
  'rejected',
  'review',
  'expired',
  'not-applied',
];

/** One reason of every kind (a Record: a new kind without a sample here is a type error). */
const REASONS: Record<OperationReasonKind, OperationReason> = {
  rejected: { kind: 'rejected', reason: 'unknown-item' },
  review: { kind: 'review', reason: 'would-go-negative' },
  expired: { kind: 'expired' },
  'key-reused': { kind: 'key-reused' },
  'identity-refused': { kind: 'identity-refused' },
  'content-refused': { kind: 'content-refused', detail: 'sku: too long' },
  imported: { kind: 'imported' },
  restored: { kind: 'restored', confirmedAt: '2026-11-28T09:30:00.000Z' },
};

/** The English of docs/client.md and of the core before the words moved, exactly. */
const ENGLISH_REASONS: Record<OperationReasonKind, string> = {
  rejected: 'Rejected: the item does not exist on the server',
  review: 'Needs review: stock would go below zero',
  expired: 'Needs review: it reached the server after its deadline, so the server did not apply it',
  'key-reused':
    'Needs review: the server already holds different content under this operation’s identity',
  'identity-refused': 'Needs review: the server did not accept this device’s operation identity',
  'content-refused': 'Needs review: the server could not accept its content (sku: too long)',
  imported:
    'Needs review: restored from a backup; made 3 days ago, the server may no longer remember it',
  restored:
    'Needs review: Confirmed on Sat 09:30, but the server was restored from an earlier backup and no longer has this change.',
};

const EXPLANATIONS: Record<ExplanationKind, Explanation> = {
  'no-result': { kind: 'no-result' },
  'sign-in': { kind: 'sign-in' },
  'server-problem': { kind: 'server-problem', detail: 'HTTP 500' },
  'retries-paused': { kind: 'retries-paused' },
  'local-write-failed': { kind: 'local-write-failed' },
  'imported-not-yet': { kind: 'imported-not-yet' },
  'imported-asking': { kind: 'imported-asking' },
  'restore-asking': { kind: 'restore-asking' },
  'restore-missing': { kind: 'restore-missing' },
  'expired-review': { kind: 'expired-review' },
  expired: { kind: 'expired' },
  'not-applied': { kind: 'not-applied' },
  'not-applied-late': { kind: 'not-applied-late' },
};

const ENGLISH_EXPLANATIONS: Record<ExplanationKind, string> = {
  'no-result':
    'No result was received for "Remove 2 from Desk lamp". The change may already be confirmed. Stockroom uses the same operation identity, so checking again cannot apply it twice.',
  'sign-in': 'Sign in again to send it. It keeps its identity, so nothing can be applied twice.',
  'server-problem':
    'The server could not handle it just now (HTTP 500). It is stored on this device; checking again uses the same identity. Next check by itself at 21:50.',
  'retries-paused':
    'Automatic retries are paused; nothing is lost. Stockroom checks again by itself at 21:50, or at once with "Check and resend safely".',
  'local-write-failed':
    'The server has the result, but this device could not store it yet. Checking again is safe: the server returns the same result.',
  'imported-not-yet':
    'The server has no record of it yet. Sending it now uses the same identity, so it cannot be applied twice.',
  'imported-asking':
    'Restored from a backup. Stockroom asks the server whether it already has it before anything is sent.',
  'restore-asking':
    'The server was restored from a backup. Stockroom asks it whether it still has this change; nothing is sent by itself.',
  'restore-missing':
    'Send it again only if the change is still right: it keeps its identity, so the server applies it at most once. Past its deadline the server refuses it, and you can enter it again as new.',
  'expired-review':
    "Check the item's history to see whether the change is there, then enter it again if needed.",
  expired:
    "The server can no longer tell whether this change was applied. Check the item's history before entering it again.",
  'not-applied':
    'The server confirmed this change never was and never will be applied. It is safe to enter it again.',
  'not-applied-late':
    "The server's clock had already passed this change's deadline (6 Dec 17:00), so it was never applied and never will be. This device has taken a new deadline from the server: changes made now go through. It is safe to enter this one again.",
};

const withReason = (reason: OperationReason) =>
  op('a', reason.kind === 'rejected' ? 'rejected' : 'review', {
    reason,
    createdAt: '2026-11-26T18:00:00.000Z',
  });
const explained = (explanation: Explanation) =>
  op('a', 'waiting', { explanation, nextRetryAt: '2026-11-29T21:50:00.000Z' });
/** Words no German sentence has, but nearly every English one. */
const ENGLISH_WORDS = /\b(the|this|it|is|was|server is|sign in|change|nothing|again)\b/i;

describe('operation words in English (docs/client.md)', () => {
  it('labels every state in the spec’s words', () => {
    expect(ALL.map((s) => english(op('a', s)).label)).toEqual([
      'Saved on this device',
      'Sending…',
      'Outcome unknown',
      'Checking outcome…',
      'Stored · waiting to retry',
      'Confirmed by server; finishing on this device',
      'Confirmed',
      'Rejected',
      'Needs review',
      "Expired — check the item's history",
      'Not applied — safe to enter again',
    ]);
  });

  it.each(Object.values(REASONS))('words reason %j as before', (reason) => {
    expect(english(withReason(reason)).label).toBe(ENGLISH_REASONS[reason.kind]);
  });

  it.each(Object.values(EXPLANATIONS))('explains %j as before', (explanation) => {
    expect(english(explained(explanation)).explanation).toBe(
      ENGLISH_EXPLANATIONS[explanation.kind],
    );
  });

  it('each receipt reason, and the words when the server gave none', () => {
    expect(english(withReason({ kind: 'rejected', reason: null })).reason).toBe(
      'the server refused it',
    );
    expect(english(withReason({ kind: 'review', reason: null })).reason).toBe(
      'the server asked for a review',
    );
    expect(english(withReason({ kind: 'review', reason: 'stale-count' })).reason).toBe(
      'the count was based on old stock',
    );
  });

  it('summarises what the person decided, numbers as the locale writes them', () => {
    const summary = (o: ReturnType<typeof op>['op']) =>
      english(op('a', 'queued', { op: o })).summary;
    expect(summary({ type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' })).toBe(
      'Remove 2 from Desk lamp',
    );
    expect(summary({ type: 'adjust', itemId: 'x-1', delta: 0, reason: 'received' })).toBe(
      'Add 0 to x-1',
    );
    expect(summary({ type: 'count', itemId: 'lamp-14', quantity: 7, basedOnRevision: 3 })).toBe(
      'Count Desk lamp: 7',
    );
    expect(
      summary({
        type: 'createItem',
        itemId: 'lamp-15',
        sku: 'L-15',
        name: 'Floor lamp',
        initialQuantity: 3,
        location: 'Shelf B',
      }),
    ).toBe('Create Floor lamp with 3 on Shelf B');
    expect(summary({ type: 'archiveItem', itemId: 'lamp-14' })).toBe('Archive Desk lamp');
  });

  it('tells a finishing operation whose local write failed from one still finishing', () => {
    const stuck = op('a', 'finishing', { explanation: { kind: 'local-write-failed' } });
    expect(english(stuck).label).toBe('Server result found; local storage needs attention');
    expect(german(stuck).label).toMatch(/^Ergebnis vom Server erhalten/);
    expect(english(op('a', 'finishing', { explanation: null })).label).toBe(
      'Confirmed by server; finishing on this device',
    );
  });
});

describe('operation words in German', () => {
  it('words every state, never "failed"', () => {
    for (const state of ALL) {
      const words = german(op('a', state));
      expect(words.label, state).not.toBe(en.operations.state[state]);
      expect(words.label, state).not.toMatch(/fehlgeschlagen|Fehler|erneut versuchen/i);
    }
    expect(german(op('a', 'unknown', { explanation: { kind: 'no-result' } })).explanation).toMatch(
      /^Für „2 aus Desk lamp entnehmen“ kam/,
    );
  });

  it('a sentence of its own for every reason: no English, no two kinds alike', () => {
    const seen = new Map<string, string>();
    for (const reason of Object.values(REASONS)) {
      const words = german(withReason(reason)).reason ?? '';
      expect(words, reason.kind).not.toBe(english(withReason(reason)).reason);
      expect(words, reason.kind).not.toMatch(ENGLISH_WORDS);
      expect(seen.get(words), `${reason.kind} reads like ${seen.get(words)}`).toBeUndefined();
      seen.set(words, reason.kind);
    }
    expect(german(withReason(REASONS.imported)).reason).toBe(
      'aus einer Sicherung wiederhergestellt; vor 3 Tagen erstellt, der Server kennt sie vielleicht nicht mehr',
    );
  });

  it('a sentence of its own for every explanation: no English, no two kinds alike', () => {
    const seen = new Map<string, string>();
    for (const explanation of Object.values(EXPLANATIONS)) {
      const words = german(explained(explanation)).explanation ?? '';
      expect(words, explanation.kind).not.toMatch(ENGLISH_WORDS);
      expect(seen.get(words), `${explanation.kind} reads like ${seen.get(words)}`).toBeUndefined();
      seen.set(words, explanation.kind);
    }
  });
});

describe('what a person reads while work is checked (core view to words)', () => {
  const wordsOf = (state: StoredOpState) => {
    const view = operationView(
      sampleRecord(1, { state, sendAttempts: 1 }),
      { leases: new Map(), attempts: new Map() },
      { now: NOW, finishing: new Map() },
    );
    return [english(view), german(view)] as const;
  };

  it('a change restored from a backup, being asked about, is no lost answer', () => {
    const imported = importedState(NOW - 1000);
    if (imported.kind !== 'review') throw new Error('shape');
    const [inEnglish, inGerman] = wordsOf({
      kind: 'checking',
      attemptId: 'a1',
      since: NOW,
      via: 'status',
      prior: imported,
    });
    expect(inEnglish.label).toBe('Checking outcome…');
    expect(inEnglish.explanation).toBe(ENGLISH_EXPLANATIONS['imported-asking']);
    expect(inGerman.explanation).toMatch(/^Aus einer Sicherung wiederhergestellt\./);
  });

  it('a change a restored server is asked about says so in German too', () => {
    const retry = { attempts: 0, notBefore: NOW };
    const [inEnglish, inGerman] = wordsOf({
      kind: 'review',
      since: NOW,
      reason: { code: 'restored', confirmedAt: NOW - 5000, answer: 'unchecked', retry },
    });
    expect(inEnglish.label).toBe('Checking outcome…');
    expect(inEnglish.explanation).toBe(ENGLISH_EXPLANATIONS['restore-asking']);
    expect(inGerman.label).toBe('Ergebnis wird geprüft…');
    expect(inGerman.explanation).toMatch(/^Der Server wurde aus einer Sicherung wiederhergestellt/);
  });
});

describe('a reversal', () => {
  const reversal = op('r', 'queued', {
    op: {
      type: 'adjust',
      itemId: 'lamp-14',
      delta: 2,
      reason: 'correction',
      note: 'Reverses “Remove 2 from Desk lamp” (orig-1.0)',
    },
  });

  it('is labelled by the change it undoes, the original’s words when it is on this device', () => {
    expect(english(reversal).summary).toBe('Reverses: Remove 2 from Desk lamp');
    const withOriginal = operationWords(reversal, de, makeFormat('de-DE', de.format, 'UTC'), {
      ...context,
      summaryOf: (id) => (id === 'orig-1.0' ? '2 aus Lampe entnehmen' : null),
    });
    expect(withOriginal.summary).toBe('Macht rückgängig: 2 aus Lampe entnehmen');
  });

  it('without the original here, German words the undone change itself (not the note’s English)', () => {
    expect(german(reversal).summary).toBe('Macht rückgängig: 2 aus Desk lamp entnehmen');
  });
});

describe('the words of a list of operations', () => {
  const format = makeFormat('en-GB', en.format, 'UTC');
  const listWords = (operations: OperationView[], kept: WeakMap<OperationView, OperationWords>) =>
    operationWordsOf(operations, kept, en, format, context);

  it('an outbox write keeps the words of the changes it did not touch', () => {
    const kept = new WeakMap<OperationView, OperationWords>();
    const untouched = op('a', 'confirmed');
    const before = listWords([untouched], kept)(untouched);
    const after = listWords([untouched, op('b', 'queued')], kept)(untouched);
    expect(after).toBe(before);
  });

  it('a reversal names its original from the list it is in, as the list changes', () => {
    const kept = new WeakMap<OperationView, OperationWords>();
    // A reversal of a reversal: the original's words ("Reverses: …") differ from the undone
    // adjustment worded here ("Add 2 to …").
    const first = op('r1', 'confirmed', {
      op: {
        type: 'adjust',
        itemId: 'lamp-14',
        delta: 2,
        reason: 'correction',
        note: 'Reverses “Remove 2 from Desk lamp” (orig-1.0)',
      },
    });
    const second = op('r2', 'queued', {
      op: {
        type: 'adjust',
        itemId: 'lamp-14',
        delta: -2,
        reason: 'correction',
        note: 'Reverses “Add 2 to Desk lamp” (r1)',
      },
    });
    expect(listWords([second], kept)(second).summary).toBe('Reverses: Add 2 to Desk lamp');
    expect(listWords([first, second], kept)(second).summary).toBe(
      'Reverses: Reverses: Remove 2 from Desk lamp',
    );
    expect(listWords([second], kept)(second).summary).toBe('Reverses: Add 2 to Desk lamp');
  });
});
