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
