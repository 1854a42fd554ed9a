import { describe, expect, it } from 'vitest';
import {
  PROBLEM_CODES,
  TIMELINE_EVENTS,
  type ProblemCode,
  type TimelineEvent,
} from '../protocol/schemas';
import { makeFormat } from './format';
import { de } from './i18n/de';
import { en } from './i18n/en';
import { serverEventWords } from './server-event-words';

const {
  refusal: refusalText,
  result: resultText,
  event: serverEventText,
} = serverEventWords(en, makeFormat('en-GB', en.format));

const at = '2026-11-29T17:00:01.000Z';
const event = (e: Partial<TimelineEvent>): TimelineEvent => ({
  at,
  event: 'attempt-received',
  attemptId: 'a1',
  ...e,
});
const APPLIED = { outcome: 'applied', reason: null, delta: -2, resultingQuantity: 40 } as const;

describe('server event words', () => {
  it('every event kind has words, none of them a raw code', () => {
    for (const kind of TIMELINE_EVENTS) {
      const text = serverEventText(event({ event: kind }), 'attempt 2');
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toMatch(/\b[a-z]+-[a-z]+\b/); // "attempt-received", "response-dropped"…
    }
  });

  it('every refusal code has words', () => {
    for (const code of Object.keys(PROBLEM_CODES) as ProblemCode[]) {
      const text = refusalText(code);
      expect(text).not.toMatch(/\b[a-z]+-[a-z]+\b/);
      expect(text.length).toBeGreaterThan(3);
    }
  });

  it('says what the issue asks for', () => {
    expect(serverEventText(event({}), 'attempt 2')).toBe('The server received attempt 2');
    expect(serverEventText(event({ resent: true }), 'attempt 1')).toBe(
      'The browser resent attempt 1 by itself (the same attempt, received again)',
    );
    expect(serverEventText(event({ event: 'committed', result: APPLIED }), 'attempt 1')).toBe(
      'Committed: \u22122 applied, quantity 40',
    );
    expect(serverEventText(event({ event: 'response-dropped' }), 'attempt 1')).toBe(
      'The reply was dropped on purpose',
    );
    expect(serverEventText(event({ event: 'replay-returned', result: APPLIED }), 'a')).toBe(
      'Replayed the stored receipt (\u22122 applied, quantity 40); nothing applied again',
    );
    expect(
      serverEventText(event({ event: 'refused', code: 'operation-expired' }), 'attempt 3'),
    ).toBe('Refused: past its deadline; nothing applied');
    expect(
      serverEventText(
        event({ event: 'refused', code: 'overloaded', fault: 'unavailable' }),
        'attempt 1',
      ),
    ).toBe('Refused on purpose: server unavailable; nothing applied');
    expect(serverEventText(event({ event: 'delayed', delayMs: 15_000 }), 'attempt 1')).toBe(
      'Held on purpose for 15 seconds before processing',
    );
  });

  it('words rejected and review receipts without calling them failures', () => {
    expect(
      resultText({ outcome: 'rejected', reason: 'not-allowed', delta: 0, resultingQuantity: 5 }),
    ).toBe('rejected (your role may not make this change); nothing applied');
    expect(
      resultText({
        outcome: 'review',
        reason: 'would-go-negative',
        delta: -9,
        resultingQuantity: null,
      }),
    ).toBe('kept for review (stock would go below zero)');
  });
});

describe('German server event words', () => {
  it('speaks German with German numbers', () => {
    const german = serverEventWords(de, makeFormat('de-DE', de.format));
    expect(german.result({ ...APPLIED, resultingQuantity: 4000 })).toBe(
      '−2 übernommen, Bestand 4.000',
    );
    expect(german.event(event({}), 'Versuch 2')).toBe('Der Server hat Versuch 2 empfangen');
  });
});
