/**
 * Low stock, pure: the rule (confirmed plus this device's pending effect, at or below the item's
 * threshold), the reorder list, and its CSV (RFC 4180, made on the device so it works offline).
 */
import type { ItemView } from '../client/facade';
import { csvRow } from '../protocol/csv';

/** What the shelf should hold once this device's pending changes are confirmed. */
export function expectedQuantity(item: ItemView): number {
  return item.quantity + item.pendingDelta;
}

/** At or below its threshold; an item without a threshold is never low. */
export function isLowStock(item: ItemView): boolean {
  return item.lowStockThreshold !== null && expectedQuantity(item) <= item.lowStockThreshold;
}

/** The reorder list: low items, emptiest first (relative to their threshold), then by name. */
export function reorderList(items: readonly ItemView[]): ItemView[] {
  const gap = (i: ItemView) => expectedQuantity(i) - (i.lowStockThreshold ?? 0);
  return items
    .filter((i) => !i.archived && isLowStock(i))
    .sort((a, b) => gap(a) - gap(b) || a.name.localeCompare(b.name));
}

export const REORDER_COLUMNS = [
  'id',
  'sku',
  'barcode',
  'name',
  'location',
  'quantity',
  'pending',
  'expected',
  'lowStockThreshold',
] as const;

/** The same CSV rules as the server's (src/protocol/csv.ts): RFC 4180, formulas defused. */
export function reorderCsv(list: readonly ItemView[]): string {
  const rows = list.map((i) =>
    csvRow([
      i.id,
      i.sku,
      i.barcode,
      i.name,
      i.location,
      i.quantity,
      i.pendingDelta,
      expectedQuantity(i),
      i.lowStockThreshold,
    ]),
  );
  return csvRow(REORDER_COLUMNS) + rows.join('');
}
