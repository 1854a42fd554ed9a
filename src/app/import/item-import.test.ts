import { describe, expect, it } from 'vitest';
import { csvRow, type CsvValue } from '../../protocol/csv';
import { makeFormat } from '../format';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { itemsCsv } from './items-csv';
import {
  IMPORT_MAX_ROWS,
  planImport,
  plannedOps,
  type CatalogueItem,
  type ImportCatalogue,
  type ImportLanguage,
} from './item-import';

const english: ImportLanguage = {
  words: en.import,
  wholeNumber: en.wholeNumber,
  count: makeFormat('en-GB', en.format).count,
};
const german: ImportLanguage = {
  words: de.import,
  wholeNumber: de.wholeNumber,
  count: makeFormat('de-DE', de.format).count,
};

const item = (over: Partial<CatalogueItem> & Pick<CatalogueItem, 'id'>): CatalogueItem => ({
  sku: over.id.toUpperCase(),
  name: `Item ${over.id}`,
  location: 'A1',
  barcode: null,
  quantity: 10,
  lowStockThreshold: null,
  revision: 3,
  archived: false,
  ...over,
});

const lamp = item({ id: 'lamp-14', sku: 'LMP-014', name: 'Desk lamp', barcode: '4006381333931' });
const mug = item({ id: 'mug-blue', sku: '=MUG', name: '-Blue mug', lowStockThreshold: 5 });
const archived = item({ id: 'old-chair', sku: 'CHR-1', name: 'Chair', archived: true });
const catalogue: ImportCatalogue = { items: [lamp, mug, archived], pending: [] };

/** The server's export (routes-csv.ts): the same columns, written by the shared CSV writer. */
const EXPORT_HEADER = [
  'id',
  'sku',
  'barcode',
  'name',
  'location',
  'quantity',
  'lowStockThreshold',
  'archived',
  'revision',
];
function exportOf(items: readonly CatalogueItem[]): string {
  const rows = items.map((i): CsvValue[] => [
    i.id,
    i.sku,
    i.barcode,
    i.name,
    i.location,
    i.quantity,
    i.lowStockThreshold,
    i.archived,
    i.revision,
  ]);
  return [EXPORT_HEADER, ...rows].map(csvRow).join('');
}

const HEADER = 'id,sku,barcode,name,location,quantity,lowStockThreshold\r\n';

function plan(text: string, cat: ImportCatalogue = catalogue) {
  const p = planImport(text, cat, english);
  if (!p.ok) throw new Error(p.message);
  return p;
}

describe('planImport', () => {
  it('round trip: our own export (BOM, formula protection, archived items) changes nothing', () => {
    const p = plan(`\uFEFF${exportOf([lamp, mug, archived])}`);
    expect(p.counts).toEqual({ new: 0, changed: 0, unchanged: 3, error: 0 });
    expect(plannedOps(p.rows)).toEqual([]);
  });

  it('round trip: the device-made items CSV keeps codes as text, and changes nothing', () => {
    const text = itemsCsv([lamp, mug, archived]);
    // The barcode as a spreadsheet keeps it (never 4.00638E+12); other text as the server writes it.
    expect(text.split('\r\n')[1]).toBe(
      'lamp-14,LMP-014,"=""4006381333931""",Desk lamp,A1,10,,false,3',
    );
    expect(text.replace('"=""4006381333931"""', '4006381333931')).toBe(
      exportOf([lamp, mug, archived]),
    );
    expect(plan(text).counts).toEqual({ new: 0, changed: 0, unchanged: 3, error: 0 });
  });

  it('a digits-only SKU keeps its leading zeros; the sheet saved again as CSV reads back too', () => {
    const zeros = item({ id: 'bolt', sku: '000123', barcode: '04006381333931' });
    const cat: ImportCatalogue = { items: [zeros], pending: [] };
    const text = itemsCsv([zeros]);
    expect(text).toContain(',"=""000123""","=""04006381333931""",');
    expect(plan(text, cat).counts).toEqual({ new: 0, changed: 0, unchanged: 1, error: 0 });
    // Excel or LibreOffice saving it again writes the text the formula made: plain digits.
    const resaved = text.replace(/"=""(\d+)"""/g, '$1');
    expect(plan(resaved, cat).counts).toEqual({ new: 0, changed: 0, unchanged: 1, error: 0 });
  });

  it('an edited export: only the changed fields, based on the revision the device has', () => {
    const edited = exportOf([
      { ...lamp, name: 'Desk lamp, brass', location: 'B2' },
      { ...mug, lowStockThreshold: null },
    ]);
    const p = plan(edited);
    expect(p.rows.map((r) => r.kind)).toEqual(['changed', 'changed']);
    expect(plannedOps(p.rows)).toEqual([
      {
        type: 'updateItem',
        itemId: 'lamp-14',
        basedOnRevision: 3,
        changes: { name: 'Desk lamp, brass', location: 'B2' },
      },
      {
        type: 'updateItem',
        itemId: 'mug-blue',
        basedOnRevision: 3,
        changes: { lowStockThreshold: null },
      },
    ]);
  });

  it('new items: the id from the file, or derived from the SKU like the New item form', () => {
    const p = plan(
      `${HEADER}tape-1,TP-1,,Tape,C3,40,2\r\n,LMP 014 B,,Lamp B,C3,,\r\n,LMP-014-B!,,Lamp C,C3,7,\r\n`,
    );
    expect(plannedOps(p.rows)).toEqual([
      {
        type: 'createItem',
        itemId: 'tape-1',
        sku: 'TP-1',
        name: 'Tape',
        location: 'C3',
        initialQuantity: 40,
        lowStockThreshold: 2,
      },
      {
        type: 'createItem',
        itemId: 'lmp-014-b',
        sku: 'LMP 014 B',
        name: 'Lamp B',
        location: 'C3',
        initialQuantity: 0,
      },
      {
        type: 'createItem',
        itemId: 'lmp-014-b-2',
        sku: 'LMP-014-B!',
        name: 'Lamp C',
        location: 'C3',
        initialQuantity: 7,
      },
    ]);
  });

  it('a file without an id column finds existing items by SKU', () => {
    const p = plan('sku,name,location\r\nLMP-014,Desk lamp,A1\r\nLMP-014-X,Other,A1\r\n');
    expect(p.rows.map((r) => r.kind)).toEqual(['unchanged', 'new']);
  });

  it('does not change the quantity of an existing item, and says so', () => {
    const p = plan(exportOf([{ ...lamp, quantity: 99 }]));
    expect(p.rows[0]).toMatchObject({
      kind: 'unchanged',
      notes: [expect.stringContaining('counts go through Stock count')],
    });
  });

  it('row-level errors with the row number and words', () => {
    const p = plan(
      HEADER +
        'a-1,A-1,,,A1,1,\r\n' + // row 2: no name
        'a-2,A-2,,Two,A1,5abc,\r\n' + // row 3: bad number
        'a-3,DUP,,Three,A1,1,\r\n' + // row 4 and 5: SKU twice in the file
        'a-4,DUP,,Four,A1,1,\r\n' +
        "a-5,'=MUG,,Five,A1,1,\r\n" + // row 6: SKU of another item (formula-protected)
        'a-6,A-6,,Six\u202Eevil,A1,1,\r\n' + // row 7: text rule
        'Bad Id,A-7,,Seven,A1,1,\r\n' + // row 8: id pattern
        'a-8,A-8,café,Eight,A1,1,-1\r\n' + // row 9: barcode and threshold
        'lamp-14,LMP-014,,Desk lamp,A1,10,\r\n' + // row 10: barcode removed
        'old-chair,CHR-1,,Chair,B9,10,\r\n' + // row 11: archived item changed
        ',A-9,4006381333931,Nine,A1,1,\r\n', // row 12: barcode of another item
    );
    const errors = p.rows.filter((r) => r.kind === 'error');
    expect(errors.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const words = (row: number) => {
      const r = p.rows.find((x) => x.row === row);
      return r?.kind === 'error' ? r.errors.join(' ') : '';
    };
    expect(words(2)).toContain('Name is missing');
    expect(words(3)).toContain('“5abc” is not a whole number');
    expect(words(4)).toContain('SKU “DUP” is on rows 4 and 5');
    expect(words(6)).toContain('SKU “=MUG” belongs to another item: -Blue mug (mug-blue)');
    expect(words(7)).toContain('must not contain bidirectional controls');
    expect(words(8)).toContain('Id “Bad Id” must be');
    expect(words(9)).toMatch(
      /Barcode “café” is not a barcode.*low-stock threshold must be between 0/,
    );
    expect(words(10)).toContain('a barcode can be replaced, not removed');
    expect(words(11)).toContain('archived');
    expect(words(12)).toContain('Barcode “4006381333931” belongs to another item');
    expect(plannedOps(p.rows)).toEqual([]);
  });

  it('counts what this device has queued: re-importing while the first import is pending queues nothing', () => {
    const text = `${HEADER}tape-1,TP-1,,Tape,C3,40,\r\nlamp-14,LMP-014,4006381333931,Lamp,A1,10,\r\n`;
    const first = plannedOps(plan(text).rows);
    expect(first).toHaveLength(2);
    const again = plan(text, { ...catalogue, pending: first });
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 2 });
  });

  it('refuses a file it cannot read as a whole, with words', () => {
    expect(planImport('', catalogue, english)).toMatchObject({
      ok: false,
      message: 'The file is empty.',
    });
    expect(planImport('id,name\r\nx,y\r\n', catalogue, english)).toMatchObject({
      ok: false,
      message: expect.stringContaining('“sku”, “location” are missing'),
    });
    expect(planImport('sku,name,location\r\n"x,y,z\r\n', catalogue, english)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Row 2: /),
    });
    const tooMany = `${HEADER}${',T,Tape,A1,1,\r\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    expect(planImport(tooMany, catalogue, english)).toEqual({
      ok: false,
      message: 'The file has 5,001 rows; import at most 5,000 at a time.',
    });
  });

  it('speaks German when given the German words, counts written the German way', () => {
    expect(planImport('', catalogue, german)).toEqual({
      ok: false,
      message: 'Die Datei ist leer.',
    });
    expect(planImport('id,name\r\nx,y\r\n', catalogue, german)).toMatchObject({
      ok: false,
      message: expect.stringContaining('es fehlen „sku“, „location“'),
    });
    const tooMany = `${HEADER}${',T,Tape,A1,1,\r\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    expect(planImport(tooMany, catalogue, german)).toEqual({
      ok: false,
      message: 'Die Datei hat 5.001 Zeilen; importiere höchstens 5.000 auf einmal.',
    });
    const p = planImport(
      `${HEADER},,,Ohne SKU,A1,1,\r\n,D,,Eins,A1,5abc,\r\n,D,,Zwei,A1,1,\r\n,X\u202E,,Drei,A1,1,-1\r\n`,
      catalogue,
      german,
    );
    if (!p.ok) throw new Error(p.message);
    const errors = p.rows.flatMap((r) => (r.kind === 'error' ? [r.errors.join(' ')] : []));
    expect(errors).toEqual([
      'SKU fehlt.',
      'Die SKU „D“ steht in den Zeilen 3 und 4; eine SKU gehört zu einem Artikel. „5abc“ ist keine ganze Zahl: Gib nur Ziffern ein.',
      'Die SKU „D“ steht in den Zeilen 3 und 4; eine SKU gehört zu einem Artikel.',
      expect.stringMatching(
        /^SKU darf keine Richtungssteuerzeichen.*Die Schwelle für niedrigen Bestand muss zwischen 0 und 1\.000\.000\.000 liegen/,
      ),
    ]);
  });

  it('reads a German spreadsheet’s `;` file: BOM, decimal comma, dots grouping thousands', () => {
    const file =
      '\uFEFFid;sku;barcode;name;location;quantity;lowStockThreshold\r\n' +
      ';TP-1;;Klebeband; groß;Regal 1;1.250;12,00\r\n' +
      'lamp-14;LMP-014;4006381333931;Desk lamp;A1;10,0;\r\n' +
      ';TP-2;;"Schraube; M4";Regal 2;3,5;\r\n' +
      ';TP-3;;Mutter;Regal 2;7;1,5\r\n';
    const p = planImport(file, catalogue, german);
    if (!p.ok) throw new Error(p.message);
    expect(p.rows.map((r) => r.kind)).toEqual(['error', 'unchanged', 'error', 'error']);
    // A cell with a stray `;` moves the columns on: that row is refused, never guessed.
    expect(p.rows[0]).toMatchObject({ kind: 'error', label: 'Klebeband' });
    expect(p.rows[1]).toMatchObject({ kind: 'unchanged', notes: [] });
    const errors = p.rows.flatMap((r) => (r.kind === 'error' ? r.errors : []));
    expect(errors.slice(1)).toEqual([
      '„3,5“ ist keine ganze Zahl: Gib nur Ziffern ein.',
      '„1,5“ ist keine ganze Zahl: Gib nur Ziffern ein.',
    ]);
    const good = planImport(
      'sku;name;location;quantity;lowStockThreshold\r\nTP-1;Klebeband;Regal 1;1.250;12,00\r\n',
      catalogue,
      german,
    );
    if (!good.ok) throw new Error(good.message);
    expect(good.rows[0]).toMatchObject({
      kind: 'new',
      op: { sku: 'TP-1', initialQuantity: 1250, lowStockThreshold: 12 },
    });
  });

  it('a comma file keeps reading "1,250" as the English grouping it always was', () => {
    const p = plan('sku,name,location,quantity\r\nTP-1,Tape,A1,"1,250"\r\n');
    expect(p.rows[0]).toMatchObject({ kind: 'new', op: { initialQuantity: 1250 } });
  });

  it('words a file it cannot read as CSV in the person’s language', () => {
    expect(planImport('sku;name;location\r\n"x;y;z\r\n', catalogue, german)).toEqual({
      ok: false,
      message: 'Zeile 2: Eine Zelle in Anführungszeichen ist nicht geschlossen (ein " fehlt).',
    });
    expect(planImport('sku,name,location\r\n"x,y,z\r\n', catalogue, english)).toEqual({
      ok: false,
      message: 'Row 2: A quoted cell is not closed (a " is missing).',
    });
  });

  it('skips blank rows (spreadsheets leave them) and ignores unknown columns', () => {
    const p = plan('SKU,Name,Location,Colour\r\n,,,\r\nT-1,Tape,A1,red\r\n\r\n');
    expect(p.rows).toHaveLength(1);
    expect(p.rows[0]).toMatchObject({ row: 3, kind: 'new' });
  });
});
