/**
 * Fixing mistakes (docs/client.md#fixing-mistakes), the pure rules: which operation may be
 * cancelled before it was sent, which may be reversed, and how a reversal names its original.
 * Shared by the transactions (transactions/cancel-and-reverse.ts) and the views, so both decide the same way.
 */
import type { AdjustOp, Op } from '../../protocol/schemas';
import type { OperationRecord } from './records';
import { movable } from './rules';
import { assertNever } from '../../protocol/assert-never';

/**
 * Provably never left the device: queued, no send attempt recorded, not restored from a backup.
 * (The transaction also checks that no attempt row exists.)
 */
export function cancellable(record: OperationRecord): boolean {
  return record.resolution === null && movable(record);
}

/**
 * The note of a reversal: names the original by its words and its operation id, so the server's
 * journal (and any other device) shows what was reversed. ≤ 500 characters (the note's limit).
 */
export function reversalNote(original: Pick<OperationRecord, 'id' | 'summary'>): string {
  const tail = ` (${original.id})`;
  const words =
    original.summary.length > 400 ? `${original.summary.slice(0, 399)}…` : original.summary;
  return `Reverses “${words}”${tail}`;
}

/** Is `record` a reversal of the operation `originalId`? */
export function reverses(record: OperationRecord, originalId: string): boolean {
  return reversedId(record) === originalId;
}

/** The operation id a reversal names, or null when `record` is no reversal. */
export function reversedId(record: OperationRecord): string | null {
  return reversedIdOf(record.op);
}

/** The same, from the change alone (the app words a reversal by the original it names). */
export function reversedIdOf(op: Op): string | null {
  if (op.type !== 'adjust' || op.reason !== 'correction' || !op.note?.startsWith('Reverses “')) {
    return null;
  }
  return /\(([^()\s]+)\)$/.exec(op.note)?.[1] ?? null;
}

/** A reversal that still stands (pending, confirmed, or waiting for a decision in review). */
export function stands(record: OperationRecord): boolean {
  if (record.resolution !== null) return false;
  const kind = record.state.kind;
  switch (kind) {
    case 'queued':
    case 'sending':
    case 'unknown':
    case 'checking':
    case 'waiting':
    case 'confirmed':
    case 'review':
      return true;
    case 'rejected':
    case 'expired':
    case 'not-applied':
      return false;
    default:
      return assertNever(kind);
  }
}

/**
 * A confirmed adjustment of this device may be reversed once: not while a reversal of it stands
 * (one tap, one reversal; a reversal that was refused or discarded may be made again).
 */
export function reversible(
  record: OperationRecord,
  others: Iterable<OperationRecord>,
): record is OperationRecord & { op: AdjustOp } {
  for (const other of others) if (reverses(other, record.id) && stands(other)) return false;
  return reversibleKind(record);
}

/** A confirmed adjustment (whether a reversal of it stands is the other half of the rule). */
export function reversibleKind(
  record: OperationRecord,
): record is OperationRecord & { op: AdjustOp } {
  return record.op.type === 'adjust' && record.state.kind === 'confirmed';
}

/** The originals that a standing reversal names, for the views (one pass over the operations). */
export function reversedIds(records: Iterable<OperationRecord>): Set<string> {
  const ids = new Set<string>();
  for (const r of records) {
    const id = reversedId(r);
    if (id !== null && stands(r)) ids.add(id);
  }
  return ids;
}

/** The opposite adjustment: a new intent (new id), reason `correction`, its note naming the original. */
export function reversalOf(record: OperationRecord & { op: AdjustOp }): AdjustOp {
  return {
    type: 'adjust',
    itemId: record.op.itemId,
    delta: -record.op.delta,
    reason: 'correction',
    note: reversalNote(record),
  };
}
