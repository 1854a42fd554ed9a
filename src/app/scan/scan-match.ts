/** What a scanned code means for the item list. Pure. */
import type { ItemView } from '../../client/facade';
import { compactCode } from '../items-filter';

export type ScanMatch =
  | { kind: 'one'; item: ItemView }
  | { kind: 'none'; code: string }
  /** Several items answer to the code (a SKU shared by a pending item, say): the person picks. */
  | { kind: 'many'; code: string };

/**
 * A retail code as one GTIN: a UPC-A label read as 12 digits and the same number stored as its
 * EAN-13 form (a leading 0) are one product, so leading zeros do not count.
 */
function gtinKey(code: string): string | null {
  return /^\d{8,14}$/.test(code) ? code.replace(/^0+/, '') : null;
}

function sameBarcode(stored: string | null | undefined, scanned: string): boolean {
  if (!stored) return false;
  const a = stored.trim();
  if (a === scanned) return true;
  const key = gtinKey(scanned);
  return key !== null && gtinKey(a) === key;
}

/**
 * The items a scanned code names: by barcode first; failing that by SKU without case, spaces or
 * dashes (a Code 128 or QR shelf label often carries the SKU). Archived items never match.
 */
export function matchScan(items: readonly ItemView[], scanned: string): ScanMatch {
  const code = scanned.trim();
  const live = items.filter((i) => !i.archived);
  let found = live.filter((i) => sameBarcode(i.barcode, code));
  if (found.length === 0 && code !== '') {
    const compact = compactCode(code);
    found = live.filter((i) => compactCode(i.sku) === compact);
  }
  const [first] = found;
  if (first && found.length === 1) return { kind: 'one', item: first };
  return found.length === 0 ? { kind: 'none', code } : { kind: 'many', code };
}
