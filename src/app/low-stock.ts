/**
 * Low stock, pure: the rule (confirmed plus this device's pending effect, at or below the item's
 * threshold), the reorder list, and its CSV (RFC 4180, made on the device so it works offline).
 */
import type { ItemView } from '../client/facade';

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

type Cell = string | number | null;

/**
 * One CSV cell. Text starting with =, +, - or @ gets a leading ' so a spreadsheet never runs it as
 * a formula (the server's CSV does the same); numbers stay numbers.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
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

export function reorderCsv(list: readonly ItemView[]): string {
  return toCsv(
    REORDER_COLUMNS,
    list.map((i) => [
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
}
