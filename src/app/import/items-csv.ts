/**
 * The items as a CSV made on the device, with the columns of `GET /api/items.csv` (so it works
 * offline, like the reorder list): the file a manager edits in a spreadsheet and imports again.
 * Pure.
 */
import { csvRow, ITEM_CSV_COLUMNS, itemCsvRow } from '../../protocol/csv';
import type { CatalogueItem } from './item-import';

export function itemsCsv(items: readonly CatalogueItem[]): string {
  const rows = items.map((i) => csvRow(itemCsvRow(i)));
  return csvRow(ITEM_CSV_COLUMNS) + rows.join('');
}
