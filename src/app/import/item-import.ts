/**
 * Importing items from a spreadsheet (CSV), pure: each row of the file becomes a plan — a new item
 * (`createItem`), an item whose details differ (`updateItem` with only the changed fields, based on
 * the revision this device has), an unchanged item (nothing sent), or an error in words. The file's
 * columns are those of `GET /api/items.csv`, so a manager can export, edit and import the same file;
 * other columns (archived, revision) are ignored. Checked against what this device knows: the items
 * and this device's catalogue changes not confirmed yet (so importing a file twice queues nothing
 * the second time).
 */
import { readCsv } from '../../protocol/csv-read';
import {
  BARCODE_PATTERN,
  CreateItemOp,
  ITEM_ID_PATTERN,
  UpdateItemOp,
  type Item,
  type ItemChangeField,
  type ItemChanges,
} from '../../protocol/schemas';
import { textFault } from '../../protocol/text';
import type { Messages } from '../i18n/en';
import { deriveItemId } from '../input/item-form';
import { parseWholeNumber } from '../input/whole-number';
import { readRows, type ImportRow } from './import-rows';
import { fromDecimalComma } from './spreadsheet-number';

/** More rows than this are refused: one import is one transaction and one lease's worth of ids. */
export const IMPORT_MAX_ROWS = 5000;

export type CatalogueItem = Pick<
  Item,
  'id' | 'sku' | 'barcode' | 'name' | 'location' | 'quantity' | 'lowStockThreshold' | 'revision'
> & { archived: boolean };

export interface ImportCatalogue {
  /** The items on this device, archived ones too. */
  items: readonly CatalogueItem[];
  /** This device's catalogue changes not confirmed yet, oldest first. */
  pending: readonly (CreateItemOp | UpdateItemOp)[];
}

export type RowPlan =
  | { row: number; kind: 'new'; label: string; op: CreateItemOp; notes: string[] }
  | {
      row: number;
      kind: 'changed';
      label: string;
      op: UpdateItemOp;
      fields: ItemChangeField[];
      notes: string[];
    }
  | { row: number; kind: 'unchanged'; label: string; notes: string[] }
  | { row: number; kind: 'error'; label: string; errors: string[] };

/** The import's words and numbers, in the person's language. */
export interface ImportLanguage {
  words: Messages['import'];
  wholeNumber: Messages['wholeNumber'];
  /** A count as the locale writes it: "5,000", "5.000". */
  count: (n: number) => string;
}

export type RowKind = RowPlan['kind'];

export type ImportPlan =
  { ok: false; message: string } | { ok: true; rows: RowPlan[]; counts: Record<RowKind, number> };

/** What the device believes an item is now: confirmed, with this device's pending edits on top. */
interface Current extends CatalogueItem {
  /** Created on this device, not confirmed yet. */
  creating: boolean;
}

function currentItems(catalogue: ImportCatalogue): Map<string, Current> {
  const byId = new Map<string, Current>();
  for (const i of catalogue.items) byId.set(i.id, { ...i, creating: false });
  for (const op of catalogue.pending) {
    if (op.type === 'createItem') {
      if (byId.has(op.itemId)) continue;
      byId.set(op.itemId, {
        id: op.itemId,
        sku: op.sku,
        name: op.name,
        location: op.location,
        barcode: op.barcode ?? null,
        quantity: op.initialQuantity,
        lowStockThreshold: op.lowStockThreshold ?? null,
        revision: 0,
        archived: false,
        creating: true,
      });
    } else {
      const item = byId.get(op.itemId);
      if (!item) continue;
      const c = op.changes;
      byId.set(op.itemId, {
        ...item,
        name: c.name ?? item.name,
        sku: c.sku ?? item.sku,
        location: c.location ?? item.location,
        barcode: c.barcode ?? item.barcode,
        lowStockThreshold:
          c.lowStockThreshold === undefined ? item.lowStockThreshold : c.lowStockThreshold,
      });
    }
  }
  return byId;
}

const TEXT_FIELDS = [
  ['name', 200],
  ['sku', 64],
  ['location', 64],
] as const;

/** The checked values of one row, or its errors. */
interface RowValues {
  id: string | null;
  name: string;
  sku: string;
  location: string;
  /** undefined: the file has no such column (leave it as it is). */
  barcode: string | null | undefined;
  lowStockThreshold: number | null | undefined;
  /** The quantity cell as written, for the note on existing items. */
  quantityText: string;
  /** The same as digits where a `;` file writes it with a decimal comma ("12,00" → "12"). */
  quantityPlain: string;
}

/**
 * A whole number in a cell: as the app reads typed numbers, or, in a `;`-separated file, as a
 * decimal-comma spreadsheet writes them (spreadsheet-number.ts).
 */
function wholeCell(
  text: string,
  what: string,
  lang: ImportLanguage,
  decimalComma: boolean,
): ReturnType<typeof parseWholeNumber> {
  const plain = decimalComma ? fromDecimalComma(text) : text;
  if (plain === null) return { ok: false, message: lang.wholeNumber.notWhole(text.trim(), false) };
  return parseWholeNumber(plain, {
    min: 0,
    max: 1_000_000_000,
    what,
    words: lang.wholeNumber,
    count: lang.count,
  });
}

function checkRow(
  r: ImportRow,
  lang: ImportLanguage,
  decimalComma: boolean,
): { values: RowValues; errors: string[] } {
  const { words } = lang;
  const errors: string[] = [];
  const texts = { name: '', sku: '', location: '' };
  for (const [key, max] of TEXT_FIELDS) {
    const label = words.labels[key];
    const value = r.cells[key] ?? '';
    texts[key] = value;
    if (value === '') errors.push(words.textMissing(label));
    else if (value.length > max) errors.push(words.textLong(label, lang.count(max)));
    else {
      // The rule of displayText (the schemas'), asked directly so the words are the catalogue's.
      const fault = textFault(value, true);
      if (fault) errors.push(words.textFault[fault](label));
    }
  }
  const id = r.cells.id || null;
  if (id !== null && !ITEM_ID_PATTERN.test(id)) {
    errors.push(words.badId(id));
  }
  let barcode = r.cells.barcode === undefined ? undefined : r.cells.barcode || null;
  if (barcode && !BARCODE_PATTERN.test(barcode)) {
    errors.push(words.badBarcode(barcode));
    barcode = undefined;
  }
  const number = (text: string | undefined, what: string): number | null | undefined => {
    if (text === undefined) return undefined;
    if (text === '') return null;
    const parsed = wholeCell(text, what, lang, decimalComma);
    if (parsed.ok) return parsed.value;
    errors.push(parsed.message);
    return undefined;
  };
  const lowStockThreshold = number(r.cells.lowStockThreshold, words.threshold);
  const values: RowValues = {
    id,
    ...texts,
    barcode,
    lowStockThreshold,
    quantityText: r.cells.quantity ?? '',
    quantityPlain:
      (decimalComma ? fromDecimalComma(r.cells.quantity ?? '') : null) ?? r.cells.quantity ?? '',
  };
  return { values, errors };
}

/** Rows that share a value meant to be unique (id, SKU, barcode): each such row gets an error. */
function duplicates(
  rows: readonly { row: number; value: string | null }[],
  say: (value: string, rows: number[]) => string,
): Map<number, string> {
  const byValue = new Map<string, number[]>();
  for (const { row, value } of rows) {
    if (value === null) continue;
    byValue.set(value, [...(byValue.get(value) ?? []), row]);
  }
  const errors = new Map<number, string>();
  for (const [value, at] of byValue) {
    if (at.length > 1) for (const row of at) errors.set(row, say(value, at));
  }
  return errors;
}

function rowList(rows: readonly number[], lang: ImportLanguage): string {
  // Row numbers are names of rows (as a spreadsheet shows them), not counts: no grouping.
  const shown = rows.slice(0, 5).map(String);
  return lang.words.rowList(shown, rows.length > 5 ? lang.count(rows.length - 5) : null);
}

const describe = (i: Pick<Current, 'name' | 'id'>): string => `${i.name} (${i.id})`;

export function planImport(
  text: string,
  catalogue: ImportCatalogue,
  lang: ImportLanguage,
): ImportPlan {
  const { words } = lang;
  const csv = readCsv(text);
  if (!csv.ok) {
    return { ok: false, message: words.csvRow(String(csv.row), words.csvProblem[csv.problem]) };
  }
  // A `;`-separated file comes from a spreadsheet whose decimal mark is the comma.
  const decimalComma = csv.delimiter === ';';
  const read = readRows(csv.records, words);
  if (!read.ok) return read;
  if (read.rows.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      message: words.tooMany(lang.count(read.rows.length), lang.count(IMPORT_MAX_ROWS)),
    };
  }
  const current = currentItems(catalogue);
  const bySku = new Map<string, Current>();
  const byBarcode = new Map<string, Current>();
  for (const i of current.values()) {
    bySku.set(i.sku, i);
    if (i.barcode !== null) byBarcode.set(i.barcode, i);
  }

  const checked = read.rows.map((r) => ({ r, ...checkRow(r, lang, decimalComma) }));
  const sameId = duplicates(
    checked.map((c) => ({ row: c.r.row, value: c.values.id })),
    (v, at) => words.sameId(v, rowList(at, lang)),
  );
  const sameSku = duplicates(
    checked.map((c) => ({ row: c.r.row, value: c.values.sku || null })),
    (v, at) => words.sameSku(v, rowList(at, lang)),
  );
  const sameBarcode = duplicates(
    checked.map((c) => ({ row: c.r.row, value: c.values.barcode ?? null })),
    (v, at) => words.sameBarcode(v, rowList(at, lang)),
  );

  const taken = new Set<string>([...current.keys()]);
  for (const c of checked) if (c.values.id) taken.add(c.values.id);

  const rows = checked.map(({ r, values, errors }): RowPlan => {
    const label = values.name || values.sku || values.id || words.noName;
    for (const dup of [sameId, sameSku, sameBarcode]) {
      const e = dup.get(r.row);
      if (e) errors.push(e);
    }
    // The item this row is about: by its id, else (a file without ids) by its SKU.
    const target = values.id !== null ? current.get(values.id) : bySku.get(values.sku);
    const skuOwner = bySku.get(values.sku);
    if (values.sku && skuOwner && skuOwner !== target) {
      errors.push(words.skuTaken(values.sku, describe(skuOwner)));
    }
    const barcodeOwner = values.barcode ? byBarcode.get(values.barcode) : undefined;
    if (barcodeOwner && barcodeOwner !== target) {
      errors.push(words.barcodeTaken(values.barcode ?? '', describe(barcodeOwner)));
    }
    if (!target) {
      const quantity = newQuantity(values.quantityText, errors, lang, decimalComma);
      if (errors.length > 0) return { row: r.row, kind: 'error', label, errors };
      return newItem(r.row, label, values, quantity, taken, lang);
    }
    if (values.barcode === null && target.barcode !== null) {
      errors.push(words.barcodeRemoved(target.barcode));
    }
    if (errors.length > 0) return { row: r.row, kind: 'error', label, errors };
    return existingItem(r.row, label, values, target, lang);
  });
  const counts: Record<RowKind, number> = { new: 0, changed: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.kind]++;
  return { ok: true, rows, counts };
}

function newQuantity(
  text: string,
  errors: string[],
  lang: ImportLanguage,
  decimalComma: boolean,
): number {
  if (text === '') return 0;
  const parsed = wholeCell(text, lang.words.quantity, lang, decimalComma);
  if (parsed.ok) return parsed.value;
  errors.push(parsed.message);
  return 0;
}

function newItem(
  row: number,
  label: string,
  v: RowValues,
  initialQuantity: number,
  taken: Set<string>,
  lang: ImportLanguage,
): RowPlan {
  // Like the New item form: an id from the SKU, else the name, unique among those known.
  const itemId = v.id ?? deriveItemId(v.sku, v.name, taken);
  taken.add(itemId);
  const checked = CreateItemOp.safeParse({
    type: 'createItem',
    itemId,
    sku: v.sku,
    name: v.name,
    location: v.location,
    initialQuantity,
    ...(v.barcode ? { barcode: v.barcode } : {}),
    ...(typeof v.lowStockThreshold === 'number' ? { lowStockThreshold: v.lowStockThreshold } : {}),
  });
  if (!checked.success)
    return { row, kind: 'error', label, errors: issueWords(checked.error, lang.words) };
  return { row, kind: 'new', label, op: checked.data, notes: [] };
}

function existingItem(
  row: number,
  label: string,
  v: RowValues,
  item: Current,
  lang: ImportLanguage,
): RowPlan {
  const changes: ItemChanges = {};
  if (v.name !== item.name) changes.name = v.name;
  if (v.sku !== item.sku) changes.sku = v.sku;
  if (v.location !== item.location) changes.location = v.location;
  if (v.barcode && v.barcode !== item.barcode) changes.barcode = v.barcode;
  if (v.lowStockThreshold !== undefined && v.lowStockThreshold !== item.lowStockThreshold) {
    changes.lowStockThreshold = v.lowStockThreshold;
  }
  const notes: string[] = [];
  if (v.quantityText !== '' && v.quantityPlain !== String(item.quantity)) {
    notes.push(lang.words.quantityNotApplied(v.quantityText, lang.count(item.quantity)));
  }
  const fields = Object.keys(changes) as ItemChangeField[];
  if (fields.length === 0) return { row, kind: 'unchanged', label, notes };
  if (item.archived) {
    return {
      row,
      kind: 'error',
      label,
      errors: [lang.words.archived],
    };
  }
  if (item.creating) {
    return {
      row,
      kind: 'error',
      label,
      errors: [lang.words.creating],
    };
  }
  const checked = UpdateItemOp.safeParse({
    type: 'updateItem',
    itemId: item.id,
    basedOnRevision: item.revision,
    changes,
  });
  if (!checked.success)
    return { row, kind: 'error', label, errors: issueWords(checked.error, lang.words) };
  return { row, kind: 'changed', label, op: checked.data, fields, notes };
}

/**
 * The rows are checked above with the same rules as the schemas, so this is a last line only:
 * the field named by the issue's path, in catalogue words (never zod's English).
 */
function issueWords(
  error: { issues: readonly { path: readonly PropertyKey[] }[] },
  words: Messages['import'],
): string[] {
  return error.issues.map((i) => words.notAccepted(i.path.map(String).join('.')));
}

/** The operations a plan queues, in the file's order (one per new or changed row). */
export function plannedOps(rows: readonly RowPlan[]): (CreateItemOp | UpdateItemOp)[] {
  return rows.flatMap((r) => (r.kind === 'new' || r.kind === 'changed' ? [r.op] : []));
}
