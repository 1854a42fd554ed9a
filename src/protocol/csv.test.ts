import { describe, expect, it } from 'vitest';
import { csvCell, csvLines, csvRow, ITEM_CSV_COLUMNS, itemCsvRow } from './csv';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks (RFC 4180), and leaves plain text alone', () => {
    expect(csvCell('Desk lamp')).toBe('Desk lamp');
    expect(csvCell('Lamp, brass')).toBe('"Lamp, brass"');
    expect(csvCell('12" ruler')).toBe('"12"" ruler"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell('')).toBe('');
    expect(csvCell('Crème brûlée 🍮')).toBe('Crème brûlée 🍮');
  });

  it("prefixes a text cell a spreadsheet would run as a formula with '; numbers stay numbers", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-5 from A')).toBe("'-5 from A");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
    // Spreadsheets skip leading spaces before a formula: the guard looks past them.
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('   @SUM(A1)')).toBe("'   @SUM(A1)");
    expect(csvCell(' -2')).toBe("' -2");
    expect(csvCell('  plain =x')).toBe('  plain =x');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });

  it('ends each row with CRLF', () => {
    expect(csvRow(['a', 1, null, false])).toBe('a,1,,false\r\n');
  });

  it('streams the header, then each non-empty page as one chunk', async () => {
    async function* pages() {
      yield [['x', 1]];
      yield [];
      yield [
        ['y', 2],
        ['z', 3],
      ];
    }
    const chunks: string[] = [];
    for await (const chunk of csvLines(['name', 'n'], pages())) chunks.push(chunk);
    expect(chunks).toEqual(['name,n\r\n', 'x,1\r\n', 'y,2\r\nz,3\r\n']);
  });
});

describe('the item rows', () => {
  it('one value per column, in the columns’ order', () => {
    const item = {
      id: 'lamp-14',
      sku: 'LMP-014',
      barcode: null,
      name: 'Desk lamp',
      location: 'A1',
      quantity: 12,
      lowStockThreshold: 3,
      archived: false,
      revision: 7,
    };
    const row = itemCsvRow(item);
    expect(row).toHaveLength(ITEM_CSV_COLUMNS.length);
    expect(Object.fromEntries(ITEM_CSV_COLUMNS.map((c, i) => [c, row[i]]))).toEqual(item);
  });
});
