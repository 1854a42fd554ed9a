/**
 * Reading and writing operation records: a record's sparse index keys always follow from its
 * state, and every read sees the sender's claims applied (core/claims.ts).
 */
import { awaitsStatus, isPending } from '../core/operation-state';
import { asClaimed } from '../core/claims';
import type { KeyRange, Tx } from '../store/local-store';
import type { IndexKey, IndexName } from '../store/schema';
import type { OperationRecord } from '../core/records';
import { readClaims } from './claims';

export function withIndexKeys(record: OperationRecord): OperationRecord {
  const { queueKey: _q, checkKey: _c, ...rest } = record;
  const resolved = record.resolution !== null;
  const key: [string, number] = [record.userId, record.order];
  return {
    ...rest,
    ...(isPending(record.state) && !resolved ? { queueKey: key } : {}),
    ...(awaitsStatus(record.state) && !resolved ? { checkKey: key } : {}),
  };
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
