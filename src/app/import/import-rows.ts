/**
 * From CSV records to named cells: the header row says which column is which (in any order, any
 * case; columns the import does not use, like the export's archived and revision, are ignored),
 * blank rows are skipped, and the `'` our own export puts before formula-like text (and the `="…"`
 * around a digits-only code) is taken off again. Pure.
 */
import { FORMULA_START, ITEM_CSV_COLUMNS } from '../../protocol/csv';
import type { CsvRecord } from '../../protocol/csv-read';
import type { Messages } from '../i18n/en';

/** The export's columns less those the server decides (archived, revision): a file the app or
 * `GET /api/items.csv` wrote imports as it is. */
export type ImportColumn = Exclude<(typeof ITEM_CSV_COLUMNS)[number], 'archived' | 'revision'>;
export const IMPORT_COLUMNS: readonly ImportColumn[] = ITEM_CSV_COLUMNS.filter(
  (c): c is ImportColumn => c !== 'archived' && c !== 'revision',
);
const REQUIRED: readonly ImportColumn[] = ['sku', 'name', 'location'];

export interface ImportRow {
  /** The row number a spreadsheet shows (the header is row 1). */
  row: number;
  /** Trimmed cells; a column the file does not have is absent (undefined). */
  cells: Partial<Record<ImportColumn, string>>;
}

export type ImportRows = { ok: true; rows: ImportRow[] } | { ok: false; message: string };

/** A code the app's own items CSV kept as text for spreadsheets: `="0123"` (items-csv.ts). */
const TEXT_CODE = /^="(\d+)"$/;

/**
 * The inverse of csvCell's formula protection (src/protocol/csv.ts), and of the `="…"` that keeps
 * a digits-only code as text (items-csv.ts).
 */
export function unprotect(cell: string): string {
  const code = TEXT_CODE.exec(cell.trim());
  if (code) return code[1] ?? '';
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

const COLUMN_BY_NAME = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]),
);

export function readRows(records: readonly CsvRecord[], words: Messages['import']): ImportRows {
  const [header, ...body] = records;
  if (!header) return { ok: false, message: words.empty };
  const at = new Map<ImportColumn, number>();
  for (const [index, raw] of header.cells.entries()) {
    const column = COLUMN_BY_NAME.get(raw.trim().toLowerCase());
    if (!column) continue;
    if (at.has(column)) return { ok: false, message: words.twice(column) };
    at.set(column, index);
  }
  const missing = REQUIRED.filter((c) => !at.has(c));
  if (missing.length > 0) {
    return {
      ok: false,
      message: words.missingColumns(missing, IMPORT_COLUMNS.join(',')),
    };
  }
  const rows: ImportRow[] = [];
  for (const record of body) {
    if (record.cells.every((c) => c.trim() === '')) continue;
    const cells: Partial<Record<ImportColumn, string>> = {};
    for (const [column, index] of at) cells[column] = unprotect(record.cells[index] ?? '').trim();
    rows.push({ row: record.row, cells });
  }
  return { ok: true, rows };
}
