/**
 * How far an import's operations have got: settled (no longer underway) and confirmed. An
 * operation is known by its id, or by what cannot change (its `createdAt`, shared by the whole
 * import, its type and its item: one row per item), because an operation not yet attempted takes a
 * new id when a fresh lease arrives. Pure.
 */
import type { OperationView } from '../../client/facade';
import type { Op } from '../../protocol/schemas';
import { isUnderway } from '../operation-groups';

export interface ImportBatch {
  ids: readonly string[];
  createdAt: string;
  ops: readonly Op[];
}

export interface ImportProgress {
  total: number;
  settled: number;
  confirmed: number;
}

const keyOf = (createdAt: string, op: Op): string => `${createdAt} ${op.type} ${op.itemId}`;

export function importProgress(
  batch: ImportBatch,
  operations: readonly OperationView[],
): ImportProgress {
  const ids = new Set(batch.ids);
  const keys = new Set(batch.ops.map((op) => keyOf(batch.createdAt, op)));
  let settled = 0;
  let confirmed = 0;
  for (const o of operations) {
    if (!ids.has(o.id) && !keys.has(keyOf(o.createdAt, o.op))) continue;
    if (isUnderway(o)) continue;
    settled++;
    if (o.state === 'confirmed') confirmed++;
  }
  return { total: batch.ids.length, settled, confirmed };
}
