/**
 * The confirmed item projection: what the server has confirmed, never what is pending (the
 * pending effect is derived from the outbox). Revisions only move forward, so applying a receipt
 * or a pull twice, or in any order, ends in the same projection.
 */
import type { Item, ItemsResponse, Receipt } from '../../protocol/schemas';
import type { Tx } from '../store/local-store';
import type { OperationRecord } from '../core/records';
import { getMeta } from './meta';

/**
 * The item as this receipt leaves it, or undefined when the projection does not change (an older
 * revision; an item this device has not seen yet arrives with the next pull).
 */
export function project(
  item: Item | undefined,
  record: OperationRecord,
  receipt: Receipt,
): Item | undefined {
  if (receipt.itemRevision === null || receipt.resultingQuantity === null) return undefined;
  const moved = {
    quantity: receipt.resultingQuantity,
    revision: receipt.itemRevision,
    updatedAt: receipt.recordedAt,
  };
  if (item) {
    if (receipt.itemRevision <= item.revision) return undefined;
    return { ...item, ...detailsOf(record, receipt), ...moved };
  }
  const op = record.op;
  if (op.type !== 'createItem' || receipt.outcome !== 'applied') return undefined;
  return {
    id: op.itemId,
    sku: op.sku,
    name: op.name,
    location: op.location,
    barcode: op.barcode ?? null,
    lowStockThreshold: op.lowStockThreshold ?? null,
    archived: false,
    ...moved,
  };
}

/** What an applied edit or archive changed besides quantity and revision (it confirmed them). */
function detailsOf(record: OperationRecord, receipt: Receipt): Partial<Item> {
  const op = record.op;
  if (receipt.outcome !== 'applied') return {};
  if (op.type === 'updateItem') {
    // Only the fields it carried (a field left out is unchanged).
    const changed = Object.entries(op.changes).filter(([, v]) => v !== undefined);
    return Object.fromEntries(changed) as Partial<Item>;
  }
  if (op.type === 'archiveItem') return { archived: true };
  return {};
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
