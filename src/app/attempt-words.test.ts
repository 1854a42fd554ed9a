import { describe, expect, it } from 'vitest';
import type { AttemptView } from '../client/facade';
import {
  attemptNames,
  attemptOutcomeText,
  attemptIdsExplained,
  attemptsExplained,
  byMinute,
  mergeTimeline,
  shortAttemptId,
} from './attempt-words';

import { makeFormat } from './format';
import { en } from './i18n/en';

const ENGLISH = makeFormat('en-GB', en.format);
const attempt = (extra: Partial<AttemptView>): AttemptView => ({
  attemptId: 'a1',
  sentAt: '2026-11-29T17:00:01.000Z',
  endedAt: null,
  result: 'pending',
  httpStatus: null,
  serverTiming: {},
  ...extra,
});

describe('attempt words', () => {
  it('never calls a missing response a failure', () => {
    for (const result of [
      'pending',
      'response',
      'timeout',
      'network-error',
      'http-error',
    ] as const) {
      expect(
        attemptOutcomeText(attempt({ result, httpStatus: 503 }), en.operations.attempt),
      ).not.toMatch(/fail|error/i);
    }
    expect(attemptOutcomeText(attempt({ result: 'timeout' }), en.operations.attempt)).toBe(
      'Timed out: no response arrived',
    );
  });

  it('merges both sides in time order, device first at equal times, in words', () => {
    const rows = mergeTimeline(
      [attempt({ endedAt: '2026-11-29T17:00:11.000Z', result: 'timeout' })],
      [
        { at: '2026-11-29T17:00:01.000Z', event: 'attempt-received', attemptId: 'a1' },
        {
          at: '2026-11-29T17:00:09.000Z',
          event: 'committed',
          attemptId: 'a1',
          result: { outcome: 'applied', reason: null, delta: -2, resultingQuantity: 40 },
        },
      ],
      en,
      ENGLISH,
    );
    expect(rows.map((r) => `${r.side}:${r.text}`)).toEqual([
      'device:This device sent attempt 1',
      'server:The server received attempt 1',
      'server:Committed: \u22122 applied, quantity 40',
      'device:Attempt 1: timed out: no response arrived',
    ]);
  });

  it('tells each attempt whole, whatever the two clocks say (a restored phone, a moved clock)', () => {
    // The old phone's clock ran 3 days behind; the server's clock was moved 3 days ahead since,
    // and this device asked afterwards. By the raw times the server's rows of the old phone's
    // attempt would come after the old phone heard nothing back.
    const rows = mergeTimeline(
      [
        attempt({
          attemptId: 'ask',
          kind: 'status',
          sentAt: '2026-11-29T17:05:00.000Z',
          endedAt: '2026-11-29T17:05:00.200Z',
          result: 'response',
          httpStatus: 200,
        }),
        attempt({
          attemptId: 'old',
          sentAt: '2026-11-26T17:00:00.000Z',
          endedAt: '2026-11-26T17:00:00.500Z',
          result: 'network-error',
        }),
      ],
      [
        { at: '2026-12-02T17:05:00.100Z', event: 'attempt-received', attemptId: 'ask' },
        { at: '2026-11-29T17:00:00.010Z', event: 'attempt-received', attemptId: 'old' },
        { at: '2026-11-29T17:00:00.020Z', event: 'attempt-received', attemptId: 'sw' },
      ],
      en,
      ENGLISH,
    );
    expect(rows.map((r) => `${r.side}:${r.attemptId}`)).toEqual([
      'device:old',
      'server:old',
      'device:old',
      'server:sw',
      'device:ask',
      'server:ask',
      'device:ask',
    ]);
  });

  it('names attempts by number, status questions apart, ids only the server saw after', () => {
    const names = attemptNames(
      [
        attempt({ attemptId: 'x-1' }),
        attempt({ attemptId: 'x-2', kind: 'status' }),
        attempt({ attemptId: 'x-3' }),
      ],
      [{ at: '2026-11-29T17:00:01.000Z', event: 'attempt-received', attemptId: 'sw-9' }],
      en.operations.attempt,
      ENGLISH.count,
    );
    expect([...names.values()]).toEqual([
      'attempt 1',
      'status question 1',
      'attempt 2',
      'attempt 3',
    ]);
  });

  it('explains once that one change has several attempts', () => {
    expect(
      attemptsExplained(
        [attempt({}), attempt({ attemptId: 'a2' })],
        en.operations.attempt,
        ENGLISH.count,
      ),
    ).toBe(
      "One change, 2 attempts; the change's identity never changes, so the server applies it at most once.",
    );
    expect(attemptsExplained([], en.operations.attempt, ENGLISH.count)).toBe(
      'One change, not sent yet.',
    );
  });

  it('tells a status question from a send', () => {
    const rows = mergeTimeline([attempt({ kind: 'status' })], [], en, ENGLISH);
    expect(rows.map((r) => r.text)).toEqual(['This device asked about it (status question 1)']);
  });

  it('groups rows by minute', () => {
    const rows = mergeTimeline(
      [attempt({}), attempt({ attemptId: 'a2', sentAt: '2026-11-29T17:01:30.000Z' })],
      [],
      en,
      ENGLISH,
    );
    const groups = byMinute(rows, (iso) => iso.slice(11, 16));
    expect(groups.map(([m, r]) => [m, r.length])).toEqual([
      ['17:00', 1],
      ['17:01', 1],
    ]);
  });

  it('shows attempt ids short, and explains them once', () => {
    expect(shortAttemptId('k3f9a0b1c2d3e4f5g6h7')).toBe('…g6h7');
    const attempts = [attempt({ attemptId: 'aaaaaaaaaaaaaaaa1234' }), attempt({ attemptId: 'b9' })];
    expect(attemptIdsExplained(attempts, en.operations.attempt)).toBe(
      'Each attempt is one try over the network with an id of its own (sent as X-Request-Id), shown by its last 4 characters, like …1234.',
    );
    expect(attemptIdsExplained([], en.operations.attempt)).toBe('');
  });
});
