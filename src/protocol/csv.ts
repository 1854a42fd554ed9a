/**
 * CSV for spreadsheets (RFC 4180): CRLF line ends, a field with a comma, quote, CR or LF is quoted
 * with its quotes doubled. A text cell that a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, or a tab or carriage return, which some read the same way) gets a leading `'`;
 * the check looks past leading spaces, since spreadsheets skip them too (` =1+1` is a formula).
 * Numbers are written as numbers, so a delta of -3 stays -3. Pure: no I/O.
 */
export type CsvValue = string | number | boolean | null;

/** A text a spreadsheet could run: its first character that is not a space starts a formula. */
export const FORMULA_START = /^ *[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A header row, then every row each page brings, as a stream of text (one chunk per page). */
export async function* csvLines(
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly CsvValue[])[]>,
): AsyncGenerator<string> {
  yield csvRow(header);
  for await (const rows of pages) {
    if (rows.length > 0) yield rows.map(csvRow).join('');
  }
}

/** The columns of `GET /api/items.csv`, also of the file the app makes offline and imports. */
export const ITEM_CSV_COLUMNS = [
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

/** One item as a row under ITEM_CSV_COLUMNS. */
export function itemCsvRow(i: {
  id: string;
  sku: string;
  barcode: string | null;
  name: string;
  location: string;
  quantity: number;
  lowStockThreshold: number | null;
  archived: boolean;
  revision: number;
}): CsvValue[] {
  return [
    i.id,
    i.sku,
    i.barcode,
    i.name,
    i.location,
    i.quantity,
    i.lowStockThreshold,
    i.archived,
    i.revision,
  ];
}

/** The columns of `GET /api/stock.csv`: one row per item and place with stock. */
export const STOCK_CSV_COLUMNS = [
  'itemId',
  'sku',
  'name',
  'placeId',
  'placeName',
  'quantity',
] as const;

/**
 * An item's rows under STOCK_CSV_COLUMNS: each place where it has a quantity other than 0, by place
 * id. `placeName` is the place's name (its id when the place is unknown to the caller).
 */
export function stockCsvRows(
  i: {
    id: string;
    sku: string;
    name: string;
    stock?: readonly { placeId: string; quantity: number }[] | undefined;
  },
  placeName: (placeId: string) => string,
): CsvValue[][] {
  return (i.stock ?? [])
    .filter((s) => s.quantity !== 0)
    .map((s) => [i.id, i.sku, i.name, s.placeId, placeName(s.placeId), s.quantity]);
}
