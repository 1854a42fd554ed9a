/**
 * Reading and writing operation records: a record's sparse index keys always follow from its
 * state, and every read sees the sender's claims applied (core/claims.ts).
 */
import { awaitsStatus, isPending, mayRestart } from '../core/operation-state';
import { asClaimed } from '../core/claims';
import type { KeyRange, Tx } from '../store/local-store';
import type { IndexKey, IndexName } from '../store/schema';
import type { OperationRecord } from '../core/records';
import { readClaims } from './claims';

export function withIndexKeys(record: OperationRecord): OperationRecord {
  const { queueKey: _q, checkKey: _c, restartKey: _r, ...rest } = record;
  const resolved = record.resolution !== null;
  const key: [string, number] = [record.userId, record.order];
  return {
    ...rest,
    ...(isPending(record.state) && !resolved ? { queueKey: key } : {}),
    ...(awaitsStatus(record.state) && !resolved ? { checkKey: key } : {}),
    ...(restartable(record) ? { restartKey: key } : {}),
  };
}

/**
 * Whether a round's start may change it (`mayRestart`): work made here untouched since it was made
 * is not, while the round's clock reads no earlier than the latest making here (`OrderMeta`).
 * Imported work was made on another device's clock: always read.
 */
function restartable(record: OperationRecord): boolean {
  return record.resolution === null && mayRestart(record.state, madeHereAt(record) ?? -Infinity);
}

/** When the operation was made, by this device's clock (null: imported, made on another's). */
export function madeHereAt(record: OperationRecord): number | null {
  return record.imported === null ? record.createdAt : null;
}

export function putOperation(tx: Tx, record: OperationRecord): Promise<void> {
  return tx.put('operations', withIndexKeys(record));
}

/** All of a user's entries in the `queue` or `checks` index, in creation order. */
export function queueRange(userId: string): KeyRange<[string, number]> {
  return { lower: [userId, -Infinity], upper: [userId, Infinity] };
}

/** One operation as every reader sees it (its claim applied). */
export async function getOperation(tx: Tx, id: string): Promise<OperationRecord | undefined> {
  const [record, claims] = await Promise.all([tx.get('operations', id), readClaims(tx)]);
  return record && asClaimed(record, claims);
}

/** Operations from an index, as every reader sees them (their claims applied). */
export async function getOperations<I extends IndexName<'operations'>>(
  tx: Tx,
  index: I,
  query: IndexKey<'operations', I> | KeyRange<IndexKey<'operations', I>>,
  limit?: number,
): Promise<OperationRecord[]> {
  const [records, claims] = await Promise.all([
    tx.getAllFromIndex('operations', index, query, limit),
    readClaims(tx),
  ]);
  return claims.size === 0 ? records : records.map((r) => asClaimed(r, claims));
}

/**
 * The user's operations with these ids as every reader sees them (undefined: gone), the claims
 * read once. The sender works through the queue in creation order, so one read of the queue from
 * the first one's place usually finds them all (a few hundred single reads per batch would cost
 * more than the batch's network time). From its place, not from the head: while a batch is
 * claimed chunk by chunk, its first chunks are still queued ahead of the next.
 */
export async function getOperationsById(
  tx: Tx,
  userId: string,
  ids: readonly string[],
): Promise<(OperationRecord | undefined)[]> {
  const claims = await readClaims(tx);
  const one = async (id: string) => {
    const record = await tx.get('operations', id);
    return record && asClaimed(record, claims);
  };
  const [firstId, ...rest] = ids;
  if (firstId === undefined || rest.length < 4) return Promise.all(ids.map(one));
  const first = await one(firstId);
  const from = first?.userId === userId ? first.order : -Infinity;
  const run = await tx.getAllFromIndex(
    'operations',
    'queue',
    { lower: [userId, from], upper: [userId, Infinity] },
    ids.length,
  );
  const found = new Map(run.map((r) => [r.id, asClaimed(r, claims)]));
  return Promise.all([first, ...rest.map((id) => found.get(id) ?? one(id))]);
}
