/**
 * A whole number as a spreadsheet writes it in a `;`-separated CSV (German Excel, LibreOffice):
 * the comma is the decimal mark and a dot may group thousands, so "1.234" is 1234 and "12,00" is
 * 12. Pure.
 */

/** Sign, digits (maybe grouped by dots), and a fraction of zeros after the decimal comma. */
const DECIMAL_COMMA = /^([+\-\u2212]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,0+)?$/;

/**
 * The cell as `parseWholeNumber` reads it ("1234", "12"); the cell as it is when it holds no
 * number of this shape (its words say what is wrong); null for a number with a decimal comma and
 * a fraction ("12,5"), which is no whole number (and never "125" or "12").
 */
export function fromDecimalComma(cell: string): string | null {
  const text = cell.trim().replace(/\s+/g, '');
  const m = DECIMAL_COMMA.exec(text);
  if (m) return `${m[1] ?? ''}${(m[2] ?? '').replaceAll('.', '')}`;
  return text.includes(',') ? null : cell;
}
