import { describe, expect, it } from 'vitest';
import type { Op } from '../../protocol/schemas';
import type { OperationRecord } from './records';
import {
  cancellable,
  reversalNote,
  reversalOf,
  reversedId,
  reversedIds,
  reversible,
} from './fixes';
import type { StoredOpState } from './operation-state';

const queued: StoredOpState = { kind: 'queued', retry: { attempts: 0, notBefore: 0 } };
const confirmed: StoredOpState = { kind: 'confirmed', since: 1 };
const rejected: StoredOpState = { kind: 'rejected', since: 1, reason: 'archived-item' };

function record(id: string, state: StoredOpState, op?: Partial<Op>): OperationRecord {
  return {
    id,
    userId: 'u1',
    userName: 'demo',
    order: 1,
    leaseId: 'L1',
    op: { type: 'adjust', itemId: 'lamp-14', delta: 3, reason: 'received', ...op } as Op,
    createdAt: 0,
    summary: 'Add 3 to Desk lamp',
    state,
    sendAttempts: 0,
    imported: null,
    resolution: null,
  };
}

describe('cancel before sending', () => {
  it('only while queued with no send attempt, not restored, not resolved', () => {
    expect(cancellable(record('L1.1', queued))).toBe(true);
    expect(cancellable({ ...record('L1.1', queued), sendAttempts: 1 })).toBe(false);
    expect(cancellable(record('L1.1', confirmed))).toBe(false);
    const imported = { ...record('L1.1', queued), imported: { importedAt: 0, exportedAt: 0 } };
    expect(cancellable(imported)).toBe(false);
  });
});

describe('reversal', () => {
  const original = record('L1.7', confirmed);

  it('is the opposite delta, reason correction, its note naming the original', () => {
    const op = reversalOf(original as Parameters<typeof reversalOf>[0]);
    expect(op).toEqual({
      type: 'adjust',
      itemId: 'lamp-14',
      delta: -3,
      reason: 'correction',
      note: 'Reverses “Add 3 to Desk lamp” (L1.7)',
    });
    expect(reversedId(record('L1.8', queued, op))).toBe('L1.7');
    expect(reversedId(original)).toBeNull();
    expect(reversedId(record('L1.9', queued, { reason: 'correction', note: 'typo (L1.7)' }))).toBe(
      null,
    );
  });

  it('keeps the note within the 500 characters the server allows', () => {
    const note = reversalNote({ id: 'L'.repeat(64) + '.9999999999', summary: 'x'.repeat(600) });
    expect(note.length).toBeLessThanOrEqual(500);
    expect(note.endsWith(`(${'L'.repeat(64)}.9999999999)`)).toBe(true);
  });

  it('once per change, unless the reversal was refused', () => {
    expect(reversible(original, [])).toBe(true);
    expect(reversible(record('L1.2', queued), [])).toBe(false);
    expect(
      reversible(record('L1.3', confirmed, { type: 'count', quantity: 1 } as Partial<Op>), []),
    ).toBe(false);
    const op = reversalOf(original as Parameters<typeof reversalOf>[0]);
    const pending = record('L1.8', queued, op);
    expect(reversible(original, [pending])).toBe(false);
    expect(reversible(original, [record('L1.8', rejected, op)])).toBe(true);
    expect([...reversedIds([pending, original])]).toEqual(['L1.7']);
  });
});

describe('reversal, at its edges', () => {
  const original = record('L1.7', confirmed);
  const op = reversalOf(original as Parameters<typeof reversalOf>[0]);

  it('a resolved operation cannot be cancelled', () => {
    const discarded = {
      ...record('L1.1', queued),
      resolution: { kind: 'discarded' as const, note: 'x', at: 0 },
    };
    expect(cancellable(discarded)).toBe(false);
  });

  it('keeps a summary of up to 400 characters whole, and shortens a longer one with an ellipsis', () => {
    const exact = 'x'.repeat(400);
    expect(reversalNote({ id: 'L1.1', summary: exact })).toBe(`Reverses “${exact}” (L1.1)`);
    expect(reversalNote({ id: 'L1.1', summary: 'x'.repeat(401) })).toBe(
      `Reverses “${'x'.repeat(399)}…” (L1.1)`,
    );
  });

  it('names its original only as an adjustment, reason correction, with a note in the reversal form', () => {
    expect(reversedId(record('L1.8', queued, { ...op, reason: 'sold' }))).toBeNull();
    expect(
      reversedId(
        record('L1.8', queued, { type: 'count', quantity: 1, note: op.note } as Partial<Op>),
      ),
    ).toBeNull();
    expect(
      reversedId(record('L1.8', queued, { reason: 'correction', note: undefined })),
    ).toBeNull();
    // The id is the last parenthesis, at the very end.
    expect(
      reversedId(record('L1.8', queued, { ...op, note: 'Reverses “Add (3)” (L1.7) later' })),
    ).toBeNull();
    expect(reversedId(record('L1.8', queued, { ...op, note: 'Reverses “Add (3)” (L1.7)' }))).toBe(
      'L1.7',
    );
    expect(reversedId(record('L1.8', queued, { ...op, note: 'Reverses “Add 3” with no id' }))).toBe(
      null,
    );
  });

  it('a reversal stands while pending, confirmed or in review; not once resolved or settled against', () => {
    const states: [StoredOpState, boolean][] = [
      [queued, true],
      [{ kind: 'sending', attemptId: 'a', since: 0, retry: { attempts: 0, notBefore: 0 } }, true],
      [{ kind: 'unknown', since: 0, retry: { attempts: 1, notBefore: 0 }, notYet: false }, true],
      [
        {
          kind: 'waiting',
          since: 0,
          why: 'retries-exhausted',
          uncertain: true,
          detail: null,
        },
        true,
      ],
      [confirmed, true],
      [{ kind: 'review', since: 0, reason: { code: 'receipt', reason: 'stale-count' } }, true],
      [rejected, false],
      [{ kind: 'expired', since: 0 }, false],
      [{ kind: 'not-applied', since: 0 }, false],
    ];
    for (const [state, standing] of states) {
      const reversal = record('L1.8', state, op);
      expect([state.kind, reversible(original, [reversal])]).toEqual([state.kind, !standing]);
      expect([state.kind, reversedIds([reversal]).has('L1.7')]).toEqual([state.kind, standing]);
    }
    const discarded = {
      ...record('L1.8', queued, op),
      resolution: { kind: 'discarded' as const, note: 'x', at: 0 },
    };
    expect(reversible(original, [discarded])).toBe(true);
    expect(reversedIds([discarded]).size).toBe(0);
    // A reversal of another operation does not count.
    expect(
      reversible(original, [record('L1.8', queued, { ...op, note: 'Reverses “x” (L1.6)' })]),
    ).toBe(true);
  });
});
