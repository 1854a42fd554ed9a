/**
 * Reading CSV (RFC 4180), the inverse of ./csv: fields separated by commas (or by semicolons, as
 * spreadsheet programs write CSV in locales whose decimal mark is a comma: German Excel and
 * LibreOffice; told from the header line, see `delimiterOf`), records by CRLF or LF
 * (a lone CR too, as old spreadsheet programs write), a field in double quotes may hold commas,
 * line breaks and doubled quotes. A UTF-8 byte order mark at the start is dropped. Lenient where
 * spreadsheets are sloppy (a missing line end at the end of the file), strict where guessing would
 * change a value: a quote inside an unquoted field, or text after a closing quote, is an error,
 * named by its kind (`CsvProblem`; the app words it in the person's language). Pure: no I/O.
 */

export interface CsvRecord {
  /** 1-based, as a spreadsheet numbers rows (a quoted line break does not start a new one). */
  row: number;
  cells: string[];
}

/** What makes a file unreadable, by kind. */
export type CsvProblem =
  /** A quoted cell is not closed (a " is missing). */
  | 'unclosed-quote'
  /** Text follows a closing quote (a " inside a quoted cell must be doubled). */
  | 'text-after-quote'
  /** A " inside an unquoted cell. */
  | 'stray-quote';

export type Delimiter = ',' | ';';

export type CsvReadResult =
  | { ok: true; records: CsvRecord[]; delimiter: Delimiter }
  | { ok: false; row: number; problem: CsvProblem };

/**
 * The delimiter the file uses, told from its header line: semicolons when it has more of them than
 * commas outside quotes (a German spreadsheet's "CSV" file), else commas.
 */
export function delimiterOf(text: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === ',') commas++;
    else if (ch === ';') semicolons++;
    else if (ch === '\r' || ch === '\n') break;
  }
  return semicolons > commas ? ';' : ',';
}

export function readCsv(text: string): CsvReadResult {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = delimiterOf(src);
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
          return { ok: false, row: records.length + 1, problem: 'unclosed-quote' };
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
      if (after !== undefined && after !== delimiter && after !== '\r' && after !== '\n') {
        return { ok: false, row: records.length + 1, problem: 'text-after-quote' };
      }
      continue;
    }
    if (ch === delimiter) {
      cells.push(cell);
      cell = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
    } else if (ch === '"') {
      return { ok: false, row: records.length + 1, problem: 'stray-quote' };
    } else {
      const stop = nextSpecial(src, i, delimiter);
      cell += src.slice(i, stop);
      i = stop;
    }
  }
  // The last record, unless the file ended with a line end.
  if (open) endRecord();
  return { ok: true, records, delimiter };
}

function nextSpecial(src: string, from: number, delimiter: Delimiter): number {
  for (let k = from; k < src.length; k++) {
    const c = src[k];
    if (c === delimiter || c === '\r' || c === '\n' || c === '"') return k;
  }
  return src.length;
}
