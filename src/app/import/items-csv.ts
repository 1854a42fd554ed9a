/**
 * The items as a CSV made on the device, with the columns of `GET /api/items.csv` (so it works
 * offline, like the reorder list): the file a manager edits in a spreadsheet and imports again.
 * Pure.
 */
import { csvRow } from '../../protocol/csv';
import type { CatalogueItem } from './item-import';

export const ITEMS_CSV_COLUMNS = [
  'id',
  'sku',
  'barcode',
  'name',
  'location',
  'quantity',
  'lowStockThreshold',
  'archived',
  'revision',
] as const;

export function itemsCsv(items: readonly CatalogueItem[]): string {
  const rows = items.map((i) =>
    csvRow([
      i.id,
      i.sku,
      i.barcode,
      i.name,
      i.location,
      i.quantity,
      i.lowStockThreshold,
      i.archived,
      i.revision,
    ]),
  );
  return csvRow(ITEMS_CSV_COLUMNS) + rows.join('');
}
