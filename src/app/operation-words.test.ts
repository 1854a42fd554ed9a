import { describe, expect, it } from 'vitest';
import type { OperationState } from '../client/facade';
import type { Receipt } from '../protocol/schemas';
import { makeFormat } from './format';
import { de } from './i18n/de';
import { en } from './i18n/en';
import { operationWords } from './operation-words';
import { op } from '../../tests/support/app/operation-fixture';

const NOW = Date.parse('2026-11-29T18:00:00.000Z');
const context = { itemName: (id: string) => (id === 'lamp-14' ? 'Desk lamp' : null), now: NOW };
const english = (o: ReturnType<typeof op>) =>
  operationWords(o, en, makeFormat('en-GB', en.format, 'UTC'), context);
const german = (o: ReturnType<typeof op>) =>
  operationWords(o, de, makeFormat('de-DE', de.format, 'UTC'), context);

const receipt = (outcome: Receipt['outcome'], reason: Receipt['reason']): Receipt => ({
  operationId: 'a',
  outcome,
  reason,
  recordedAt: '2026-11-29T17:00:05.000Z',
  resultingQuantity: null,
  itemRevision: null,
  itemId: 'lamp-14',
  delta: -2,
  compacted: false,
});

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

describe('operation words', () => {
  it('English keeps the spec words and the core’s summary and explanation', () => {
    const unknown = op('a', 'unknown', { explanation: 'No result was received for "…".' });
    expect(english(unknown)).toEqual({
      summary: 'Remove 2 from shelf A',
      label: 'Outcome unknown',
      reason: null,
      explanation: 'No result was received for "…".',
    });
    const negative = op('a', 'review', { receipt: receipt('review', 'would-go-negative') });
    expect(english(negative).label).toBe('Needs review: stock would go below zero');
    expect(
      english(op('a', 'rejected', { receipt: receipt('rejected', 'unknown-item') })).label,
    ).toBe('Rejected: the item does not exist on the server');
  });

  it('German words every state, by the facade’s state and facts', () => {
    for (const state of ALL) {
      const words = german(op('a', state));
      expect(words.label, state).not.toBe(en.operations.state[state]);
      expect(words.label, state).not.toMatch(/fehlgeschlagen|Fehler|erneut versuchen/i);
    }
    expect(german(op('a', 'unknown')).summary).toBe('2 aus Desk lamp entnehmen');
    expect(german(op('a', 'unknown')).explanation).toMatch(/^Für „2 aus Desk lamp entnehmen“ kam/);
    expect(german(op('a', 'review', { receipt: receipt('review', 'stale-count') })).label).toBe(
      'Muss geprüft werden: die Zählung beruhte auf einem alten Bestand',
    );
    const imported = op('a', 'review', { imported: true, createdAt: '2026-11-26T18:00:00.000Z' });
    expect(german(imported).reason).toBe(
      'aus einer Sicherung wiederhergestellt; vor 3 Tagen erstellt, der Server kennt sie vielleicht nicht mehr',
    );
  });

  it('tells a finishing operation whose local write failed from one still finishing', () => {
    const stuck = op('a', 'finishing', { explanation: 'The server has the result, but …' });
    expect(english(stuck).label).toBe('Server result found; local storage needs attention');
    expect(german(stuck).label).toMatch(/^Ergebnis vom Server erhalten/);
    expect(english(op('a', 'finishing', { explanation: null })).label).toBe(
      'Confirmed by server; finishing on this device',
    );
  });

  it('reads a refusal without a receipt from the last answer: 410 is expired, else refused', () => {
    const attempt = (httpStatus: number) => ({
      attemptId: 'x',
      sentAt: '2026-11-29T17:00:01.000Z',
      endedAt: '2026-11-29T17:00:02.000Z',
      result: 'http-error' as const,
      httpStatus,
      serverTiming: {},
    });
    const expired = op('a', 'review', { attempts: [attempt(410)] });
    expect(english(expired).reason).toBe(
      'it reached the server after its deadline, so the server did not apply it',
    );
    const refused = op('a', 'review', {
      attempts: [attempt(422)],
      reasonText: 'the server already holds different content under this operation’s identity',
    });
    expect(english(refused).reason).toBe(
      'the server already holds different content under this operation’s identity',
    );
    expect(german(refused).reason).toBe('der Server konnte ihren Inhalt nicht annehmen');
  });

  it('labels a reversal as one, by the change it undoes, in the person’s language', () => {
    const reversal = op('r', 'queued', {
      op: {
        type: 'adjust',
        itemId: 'lamp-14',
        delta: 2,
        reason: 'correction',
        note: 'Reverses “Remove 2 from Desk lamp” (orig-1.0)',
      },
      summary: 'Add 2 to Desk lamp',
    });
    expect(english(reversal).summary).toBe('Reverses: Remove 2 from Desk lamp');
    const withOriginal = operationWords(reversal, de, makeFormat('de-DE', de.format, 'UTC'), {
      ...context,
      summaryOf: (id) => (id === 'orig-1.0' ? '2 aus Desk lamp entnehmen' : null),
    });
    expect(withOriginal.summary).toBe('Macht rückgängig: 2 aus Desk lamp entnehmen');
  });
});
