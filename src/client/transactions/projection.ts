/**
 * The confirmed item projection: what the server has confirmed, never what is pending (the
 * pending effect is derived from the outbox). Revisions only move forward, so applying a receipt
 * or a pull twice, or in any order, ends in the same projection.
 */
import {
  MAIN_PLACE,
  type Item,
  type ItemsResponse,
  type PlacesResponse,
  type Receipt,
} from '../../protocol/schemas';
import type { Tx } from '../store/local-store';
import { assertNever } from '../../protocol/assert-never';
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
    const stock = stockAfter(item, record, receipt);
    return { ...item, ...detailsOf(record, receipt), ...moved, ...(stock && { stock }) };
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
    stock: [{ placeId: MAIN_PLACE, quantity: receipt.resultingQuantity }],
    ...moved,
  };
}

/**
 * The item's stock per place after this receipt, when the receipt follows the revision this
 * device holds (one step: the change is exactly this operation's). Otherwise undefined: the stock
 * list waits for the next pull, which brings it whole. An item stored before places has no list:
 * its whole quantity was at `main`.
 */
function stockAfter(
  item: Item,
  record: OperationRecord,
  receipt: Receipt,
): Item['stock'] | undefined {
  if (receipt.outcome !== 'applied' || receipt.itemRevision !== item.revision + 1) return undefined;
  const before = item.stock ?? [{ placeId: MAIN_PLACE, quantity: item.quantity }];
  const stock = new Map(before.map((s) => [s.placeId, s.quantity]));
  const add = (placeId: string, delta: number) =>
    stock.set(placeId, (stock.get(placeId) ?? 0) + delta);
  const op = record.op;
  switch (op.type) {
    case 'adjust':
    case 'count':
      add(op.placeId ?? MAIN_PLACE, receipt.delta);
      break;
    case 'transfer':
      add(op.fromPlaceId, -op.quantity);
      add(op.toPlaceId, op.quantity);
      break;
    case 'createItem':
    case 'updateItem':
    case 'archiveItem':
    case 'createPlace':
    case 'updatePlace':
    case 'archivePlace':
    case 'startStocktake':
    case 'stocktakeCount':
    case 'applyStocktake':
    case 'cancelStocktake':
      return undefined;
    default:
      return assertNever(op);
  }
  return [...stock.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([placeId, quantity]) => ({ placeId, quantity }));
}

/** A places pull: the whole list the first time, then the places changed since. */
export async function applyPlaces(tx: Tx, response: PlacesResponse): Promise<void> {
  const meta = await getMeta(tx, 'places');
  if (meta && response.revision <= meta.revision && response.places.length === 0) return;
  const byId = new Map((meta?.places ?? []).map((p) => [p.id, p]));
  for (const place of response.places) {
    const known = byId.get(place.id);
    if (!known || place.revision >= known.revision) byId.set(place.id, place);
  }
  await tx.put('meta', {
    key: 'places',
    revision: Math.max(response.revision, meta?.revision ?? 0),
    places: [...byId.values()],
  });
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
