/** Writing an operation record: its sparse index keys always follow from its state. */
import { awaitsStatus, isPending } from '../core/operation-state';
import type { KeyRange, Tx } from '../store/local-store';
import type { OperationRecord } from '../core/records';

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
