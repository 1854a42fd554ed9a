import { describe, expect, it } from 'vitest';
import type { OperationState, OperationView } from '../client/facade';
import { makeFormat } from './format';
import { en } from './i18n/en';
import { operationWords } from './operation-words';
import {
  ACTIVITY_ORDER,
  runsOf,
  groupByState,
  needsReview,
  rowLabel,
  stateHeading,
  whatToCheck,
} from './operation-groups';
import { op } from '../../tests/support/app/operation-fixture';

const ALL_STATES: OperationState[] = [
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

describe('operation groups', () => {
  it('orders every state once, unknown and review first', () => {
    expect([...ACTIVITY_ORDER].sort()).toEqual([...ALL_STATES].sort());
    expect(ACTIVITY_ORDER.slice(0, 2)).toEqual(['unknown', 'review']);
  });

  it('groups by state in that order and leaves out empty groups', () => {
    const groups = groupByState([op('a', 'confirmed'), op('b', 'unknown'), op('c', 'review')]);
    expect(groups.map((g) => g.key)).toEqual(['unknown', 'review', 'confirmed']);
    expect(groups[0]?.heading).toBe('Outcome unknown');
  });

  it('puts what the person already resolved in its own group, last', () => {
    const discarded = op('d', 'review', {
      resolution: { kind: 'discarded', note: 'counted again', at: '2026-11-29T18:00:00.000Z' },
    });
    const groups = groupByState([discarded, op('e', 'review')]);
    expect(groups.map((g) => [g.key, g.operations.map((o) => o.id)])).toEqual([
      ['review', ['e']],
      ['resolved', ['d']],
    ]);
    expect(rowLabel(discarded, en, 'Needs review')).toBe('Discarded: counted again');
    expect(rowLabel(op('e', 'review'), en, 'Needs review')).toBe('Needs review');
  });

  it('puts newest first inside a group', () => {
    const groups = groupByState([
      op('x', 'queued', { createdAt: '2026-11-29T10:00:00.000Z' }),
      op('y', 'queued', { createdAt: '2026-11-29T11:00:00.000Z' }),
    ]);
    expect(groups[0]?.operations.map((o) => o.id)).toEqual(['y', 'x']);
  });

  it('uses the spec words for headings and never "failed"', () => {
    for (const s of ALL_STATES) expect(stateHeading(s)).not.toMatch(/fail|error|try again/i);
    expect(stateHeading('waiting')).toBe('Stored · waiting to retry');
    expect(stateHeading('expired')).toBe("Expired — check the item's history");
  });

  it('sends to Review what offers a decision', () => {
    expect(needsReview(op('a', 'review', { canEnterAgain: true, canDiscard: true }))).toBe(true);
    expect(needsReview(op('a', 'review', { canEnterAgain: false, canDiscard: false }))).toBe(false);
    expect(needsReview(op('a', 'unknown'))).toBe(false);
  });

  it("tells what to check: the core's explanation first, else by the server's reason", () => {
    const receipt = {
      operationId: 'L.1',
      outcome: 'review' as const,
      reason: 'stale-count' as const,
      itemId: 'lamp-14',
      delta: 0,
      resultingQuantity: 3,
      itemRevision: 4,
      recordedAt: '2026-11-29T17:00:00.000Z',
      compacted: false,
    };
    expect(whatToCheck(op('a', 'expired'), en, 'Look at the history.')).toBe(
      'Look at the history.',
    );
    expect(whatToCheck(op('a', 'review', { receipt }), en, null)).toMatch(/^The stock changed/);
    expect(whatToCheck(op('a', 'review'), en, null)).toMatch(/history/);
  });
});

/** A row's words in English, as the Activity screen folds them. */
const lineOf = (o: OperationView) => {
  const words = operationWords(o, en, makeFormat('en-GB', en.format, 'UTC'), {
    itemName: () => null,
    now: 0,
  });
  return [words.summary, rowLabel(o, en, words.label)] as const;
};
const negative = { kind: 'review', reason: 'would-go-negative' } as const;

describe('runsOf', () => {
  it('folds identical changes into one run where the first stood, keeping the order', () => {
    const candle = {
      op: { type: 'adjust', itemId: 'candle-fig', delta: -1, reason: 'sold' },
    } as const;
    const ops = [
      op('a', 'queued', candle),
      op('b', 'queued', { op: { type: 'adjust', itemId: 'lamp', delta: 3, reason: 'received' } }),
      op('c', 'queued', candle),
      op('d', 'queued', candle),
    ];
    expect(runsOf(ops, lineOf).map((r) => r.operations.map((o) => o.id))).toEqual([
      ['a', 'c', 'd'],
      ['b'],
    ]);
  });

  it('keeps apart the same words in another state or with another decision', () => {
    const ops = [
      op('a', 'review', { reason: negative }),
      op('b', 'review', { reason: { kind: 'review', reason: 'stale-count' } }),
      op('c', 'review', {
        reason: negative,
        resolution: { kind: 'discarded', note: 'typo', at: '2026-11-29T17:10:00.000Z' },
      }),
      op('d', 'confirmed'),
    ];
    expect(runsOf(ops, lineOf)).toHaveLength(4);
  });
});
