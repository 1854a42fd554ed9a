/**
 * How far an import's operations have got: settled (no longer underway) and confirmed. Each is
 * known by its stable handle, which an operation keeps when it moves to a fresh lease before its
 * first attempt (its id changes then). Pure.
 */
import type { OperationView } from '../../client/facade';
import { isUnderway } from '../operation-groups';

export interface ImportBatch {
  /** The handles of the import's operations, as `importItems` returned them. */
  ids: readonly string[];
}

export interface ImportProgress {
  total: number;
  settled: number;
  confirmed: number;
}

export function importProgress(
  batch: ImportBatch,
  operations: readonly OperationView[],
): ImportProgress {
  const handles = new Set(batch.ids);
  let settled = 0;
  let confirmed = 0;
  for (const o of operations) {
    if (!handles.has(o.handle) || isUnderway(o)) continue;
    settled++;
    if (o.state === 'confirmed') confirmed++;
  }
  return { total: batch.ids.length, settled, confirmed };
}
