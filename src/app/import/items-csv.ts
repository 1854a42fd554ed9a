/**
 * The items as a CSV made on the device, with the columns of `GET /api/items.csv` (so it works
 * offline, like the reorder list): the file a person opens in a spreadsheet, and a manager edits
 * and imports again. Pure.
 *
 * Codes stay codes: a barcode or SKU of digits only is written as `="4006381333931"`, which Excel
 * and LibreOffice (with formulas evaluated, its default on opening) both keep as the text
 * 4006381333931, never 4.00638E+12 or a SKU that lost its leading zeros; the app's import reads
 * it back as the code (import-rows.ts `unprotect`), and so it does a sheet saved again as CSV,
 * which writes the plain digits. Any other text goes through the shared formula guard.
 */
import { csvCell, ITEM_CSV_COLUMNS, itemCsvRow, type CsvValue } from '../../protocol/csv';
import type { CatalogueItem } from './item-import';

const DIGITS = /^\d+$/;
const CODE_COLUMNS: ReadonlySet<string> = new Set(['sku', 'barcode']);

/** A digits-only code as a spreadsheet keeps it: the formula ="…", quoted for CSV. */
export function textCodeCell(code: string): string {
  return `"=""${code}"""`;
}

function cell(column: string, value: CsvValue): string {
  return CODE_COLUMNS.has(column) && typeof value === 'string' && DIGITS.test(value)
    ? textCodeCell(value)
    : csvCell(value);
}

export function itemsCsv(items: readonly CatalogueItem[]): string {
  const line = (values: readonly CsvValue[]) =>
    `${values.map((v, i) => cell(ITEM_CSV_COLUMNS[i] ?? '', v)).join(',')}\r\n`;
  return [ITEM_CSV_COLUMNS, ...items.map(itemCsvRow)].map(line).join('');
}
