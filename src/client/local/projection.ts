/**
 * The confirmed item projection: what the server has confirmed, never what is pending (the
 * pending effect is derived from the outbox). Revisions only move forward, so applying a receipt
 * or a pull twice, or in any order, ends in the same projection.
 */
import type { ItemsResponse, Receipt } from '../../protocol/schemas';
import type { Tx } from '../store/local-store';
import type { OperationRecord } from '../store/schema';
import { getMeta } from './meta';

export async function advanceProjection(
  tx: Tx,
  record: OperationRecord,
  receipt: Receipt,
): Promise<void> {
  if (receipt.itemRevision === null || receipt.resultingQuantity === null) return;
  const item = await tx.get('items', receipt.itemId);
  if (item) {
    if (receipt.itemRevision <= item.revision) return;
    await tx.put('items', {
      ...item,
      quantity: receipt.resultingQuantity,
      revision: receipt.itemRevision,
      updatedAt: receipt.recordedAt,
    });
    return;
  }
  const op = record.op;
  if (op.type === 'createItem' && receipt.outcome === 'applied') {
    await tx.put('items', {
      id: op.itemId,
      sku: op.sku,
      name: op.name,
      location: op.location,
      quantity: receipt.resultingQuantity,
      revision: receipt.itemRevision,
      updatedAt: receipt.recordedAt,
    });
  }
  // Any other item this device has not seen yet arrives with the next pull.
}

/** A pull (full or `?since`): newer revisions win; the global revision moves forward only. */
export async function applyItems(tx: Tx, response: ItemsResponse): Promise<void> {
  await Promise.all(
    response.items.map(async (item) => {
      const local = await tx.get('items', item.id);
      if (!local || item.revision >= local.revision) await tx.put('items', item);
    }),
  );
  const meta = await getMeta(tx, 'items');
  if (!meta || response.revision > meta.revision) {
    await tx.put('meta', { key: 'items', revision: response.revision });
  }
}
