import { describe, expect, it } from 'vitest';
import { csvRow } from './csv';
import { delimiterOf, readCsv } from './csv-read';

const cells = (text: string) => {
  const r = readCsv(text);
  if (!r.ok) throw new Error(r.problem);
  return r.records.map((x) => x.cells);
};

describe('readCsv (RFC 4180)', () => {
  it('reads CRLF and LF records, with or without a final line end', () => {
    expect(cells('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a\r1\r')).toEqual([['a'], ['1']]);
  });

  it('reads quoted cells with commas, line breaks and doubled quotes', () => {
    expect(cells('"a,b","say ""hi""","two\r\nlines",""\r\nx,,"",y')).toEqual([
      ['a,b', 'say "hi"', 'two\r\nlines', ''],
      ['x', '', '', 'y'],
    ]);
  });

  it('drops a UTF-8 byte order mark, and keeps empty cells at the end', () => {
    expect(cells('\uFEFFid,name\r\nä,\r\n')).toEqual([
      ['id', 'name'],
      ['ä', ''],
    ]);
    expect(cells('""')).toEqual([['']]);
  });

  it('numbers rows as a spreadsheet does: a quoted line break stays in its row', () => {
    const r = readCsv('h\r\n"a\nb"\r\nc\r\n');
    expect(r.ok && r.records.map((x) => x.row)).toEqual([1, 2, 3]);
  });

  it('refuses what it would have to guess, naming the row', () => {
    expect(readCsv('a\r\n"open')).toMatchObject({ ok: false, row: 2 });
    expect(readCsv('a\r\n"x"y')).toMatchObject({ ok: false, row: 2 });
    expect(readCsv('a\r\nb"c')).toMatchObject({ ok: false, row: 2 });
  });

  it('reads back exactly what csvRow writes', () => {
    const values = ['plain', 'a,b', 'quote " in', 'line\r\nbreak', '', 'ünï', '😀'];
    expect(cells(csvRow(values) + csvRow(values))).toEqual([values, values]);
  });

  it('an empty file has no records', () => {
    expect(cells('')).toEqual([]);
    expect(cells('\uFEFF')).toEqual([]);
  });
});

describe('readCsv, at the edges', () => {
  it('says what is wrong, by kind (the app words it)', () => {
    expect(readCsv('a\r\n"open')).toEqual({ ok: false, row: 2, problem: 'unclosed-quote' });
    expect(readCsv('"x"y')).toEqual({ ok: false, row: 1, problem: 'text-after-quote' });
    expect(readCsv('a\r\nb"c')).toEqual({ ok: false, row: 2, problem: 'stray-quote' });
  });

  it('a quoted cell may end a record with LF, CR or CRLF, or end the file', () => {
    expect(cells('"a"\nb')).toEqual([['a'], ['b']]);
    expect(cells('"a"\rb')).toEqual([['a'], ['b']]);
    expect(cells('"a"\r\nb')).toEqual([['a'], ['b']]);
    expect(cells('x,"a"')).toEqual([['x', 'a']]);
  });

  it('an empty line is an empty record; LF LF is two line ends, not one', () => {
    expect(cells('a\n\nb')).toEqual([['a'], [''], ['b']]);
    expect(cells('a\r\rb')).toEqual([['a'], [''], ['b']]);
  });
});

describe('readCsv, a German spreadsheet’s file', () => {
  it('reads `;`-separated cells, told from the header line, with a BOM and quoted semicolons', () => {
    const r = readCsv('\uFEFFsku;name;location\r\nL-1;"Lampe; groß";Regal 1,5\r\n');
    expect(r).toEqual({
      ok: true,
      delimiter: ';',
      records: [
        { row: 1, cells: ['sku', 'name', 'location'] },
        { row: 2, cells: ['L-1', 'Lampe; groß', 'Regal 1,5'] },
      ],
    });
  });

  it('keeps commas as the delimiter when the header has more of them (or as many)', () => {
    expect(delimiterOf('sku,name,location\r\n')).toBe(',');
    expect(delimiterOf('"a;b;c",name\r\nx;y;z;w')).toBe(',');
    expect(delimiterOf('sku;name,with comma;location')).toBe(';');
    expect(delimiterOf('name')).toBe(',');
  });

  it('a quote closed before a semicolon is fine; text after it is not', () => {
    expect(readCsv('a;b\r\n"x";y').ok).toBe(true);
    expect(readCsv('a;b\r\n"x",y')).toEqual({ ok: false, row: 2, problem: 'text-after-quote' });
  });
});
