/**
 * Reading CSV (RFC 4180), the inverse of ./csv: fields separated by commas, records by CRLF or LF
 * (a lone CR too, as old spreadsheet programs write), a field in double quotes may hold commas,
 * line breaks and doubled quotes. A UTF-8 byte order mark at the start is dropped. Lenient where
 * spreadsheets are sloppy (a missing line end at the end of the file), strict where guessing would
 * change a value: a quote inside an unquoted field, or text after a closing quote, is an error.
 * Pure: no I/O.
 */

export interface CsvRecord {
  /** 1-based, as a spreadsheet numbers rows (a quoted line break does not start a new one). */
  row: number;
  cells: string[];
}

export type CsvReadResult =
  { ok: true; records: CsvRecord[] } | { ok: false; row: number; message: string };

export function readCsv(text: string): CsvReadResult {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  // Whether the current record has begun: `""` alone on the last line is one empty cell.
  let open = false;
  let i = 0;
  const endRecord = (): void => {
    cells.push(cell);
    records.push({ row: records.length + 1, cells });
    cells = [];
    cell = '';
    open = false;
  };
  while (i < src.length) {
    const ch = src[i];
    open = true;
    if (ch === '"' && cell === '') {
      // A quoted field: up to the quote that is not doubled.
      let j = i + 1;
      for (;;) {
        const q = src.indexOf('"', j);
        if (q === -1) {
          return {
            ok: false,
            row: records.length + 1,
            message: 'A quoted cell is not closed (a " is missing).',
          };
        }
        if (src[q + 1] === '"') {
          cell += src.slice(j, q) + '"';
          j = q + 2;
          continue;
        }
        cell += src.slice(j, q);
        i = q + 1;
        break;
      }
      const after = src[i];
      if (after !== undefined && after !== ',' && after !== '\r' && after !== '\n') {
        return {
          ok: false,
          row: records.length + 1,
          message: 'Text follows a closing quote; a " inside a quoted cell must be doubled ("").',
        };
      }
      continue;
    }
    if (ch === ',') {
      cells.push(cell);
      cell = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
    } else if (ch === '"') {
      return {
        ok: false,
        row: records.length + 1,
        message: 'A " inside a cell: a cell with quotes must be in quotes, its quotes doubled.',
      };
    } else {
      const stop = nextSpecial(src, i);
      cell += src.slice(i, stop);
      i = stop;
    }
  }
  // The last record, unless the file ended with a line end.
  if (open) endRecord();
  return { ok: true, records };
}

function nextSpecial(src: string, from: number): number {
  for (let k = from; k < src.length; k++) {
    const c = src[k];
    if (c === ',' || c === '\r' || c === '\n' || c === '"') return k;
  }
  return src.length;
}
