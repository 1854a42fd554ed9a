/** A strict RFC 4180 reader for the CSV tests: CRLF rows, quoted fields with doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' && field === '') {
      // A quoted field: up to the closing quote, "" meaning one quote.
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        throw new Error(`text after a closing quote at ${i}`);
      }
    } else if (c === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (c === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`CR without LF at ${i}`);
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '\n' || c === '"') {
      throw new Error(`bare ${JSON.stringify(c)} in an unquoted field at ${i}`);
    } else {
      field += c;
      i += 1;
    }
  }
  if (field !== '' || row.length > 0) throw new Error('the last row does not end with CRLF');
  return rows;
}
