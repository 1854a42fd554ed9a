/**
 * Fixing mistakes, as transactions over the storage port: cancel a change that never left the
 * device; reverse a confirmed adjustment with a new one. Each is one local transaction.
 */
import { cancellable, reversalOf, reversible } from '../core/fixes';
import type { Tx } from '../store/local-store';
import type { OperationRecord } from '../core/records';
import { enqueue, type Author, type EnqueueResult } from './outbox';
import { getOperation, getOperations, putOperation } from './record-index';

/**
 * Remove an operation that provably never left the device (no attempt recorded) in one
 * transaction: nothing is sent, and its pending effect disappears with it. An operation it was
 * "entered again" from goes back to waiting for a decision. The sender claims an operation in a
 * transaction too, so either the claim comes first (and this refuses) or the claim finds nothing.
 */
export async function cancelUnsent(tx: Tx, userId: string, id: string): Promise<boolean> {
  const [record, attempts] = await Promise.all([
    getOperation(tx, id),
    tx.getAllFromIndex('attempts', 'byOperation', id),
  ]);
  if (!record || record.userId !== userId || !cancellable(record) || attempts.length > 0) {
    return false;
  }
  const mine = await getOperations(tx, 'byUser', userId);
  const origin = mine.find(
    (r) => r.resolution?.kind === 'entered-again' && r.resolution.newOperationId === id,
  );
  await Promise.all([
    tx.delete('operations', id),
    ...(origin ? [putOperation(tx, { ...origin, resolution: null })] : []),
  ]);
  return true;
}

/** A new adjustment of the opposite delta (reason `correction`), with its own new id. */
export async function reverse(
  tx: Tx,
  author: Author,
  id: string,
  now: number,
): Promise<EnqueueResult | { kind: 'not-allowed' }> {
  const [record, mine] = await Promise.all([
    getOperation(tx, id),
    getOperations(tx, 'byUser', author.userId),
  ]);
  if (!record || record.userId !== author.userId) return { kind: 'not-allowed' };
  const others: OperationRecord[] = mine.filter((r) => r.id !== id);
  if (!reversible(record, others)) return { kind: 'not-allowed' };
  return enqueue(tx, author, reversalOf(record), now);
}
