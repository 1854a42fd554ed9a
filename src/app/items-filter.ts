/** Searching the item list by name, SKU, barcode and shelf. Pure; the index is built once per list. */
import type { ItemView } from '../client/facade';

export interface ItemIndex {
  items: readonly ItemView[];
  /** Lower-cased "name sku location barcode" per item, same order as `items`. */
  keys: readonly string[];
  /** The SKU and barcode without case, spaces or dashes, same order as `items`. */
  codes: readonly string[];
}

/** "Lamp 9" before "Lamp 10", as people expect. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A code as people type it from a label: "lmp 010", "LMP-010" and "lmp010" are the same. */
export function compactCode(text: string): string {
  return text.toLowerCase().replace(/[\s\-\u2010-\u2015\u2212]+/g, '');
}

function barcodeOf(item: ItemView): string {
  return item.barcode ?? '';
}

export function buildItemIndex(items: readonly ItemView[]): ItemIndex {
  const sorted = [...items].sort(
    (a, b) => collator.compare(a.name, b.name) || collator.compare(a.id, b.id),
  );
  return {
    items: sorted,
    keys: sorted.map((i) => `${i.name}\n${i.sku}\n${i.location}\n${barcodeOf(i)}`.toLowerCase()),
    codes: sorted.map((i) => `${compactCode(i.sku)}\n${compactCode(barcodeOf(i))}`),
  };
}

/**
 * Every whitespace-separated word of the query appears in the name, SKU, shelf or barcode; or,
 * read as the app displays a location, "shelf X" names the start of the item's shelf and the
 * other words appear; or the whole query, without case, spaces and dashes, is part of the SKU or
 * barcode. ("Oak shelf bracket" still finds the bracket by its name.)
 */
export function filterItems(index: ItemIndex, query: string, shelf: string): ItemView[] {
  const lower = query.toLowerCase();
  const words = lower.split(/\s+/).filter(Boolean);
  const shelves = [...lower.matchAll(/\bshelf\s+(\S+)/g)].map((m) => m[1] ?? '');
  const rest = lower
    .replace(/\bshelf\s+\S+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const code = compactCode(query);
  const out: ItemView[] = [];
  index.items.forEach((item, i) => {
    if (shelf !== '' && item.location !== shelf) return;
    const key = index.keys[i] ?? '';
    const location = item.location.toLowerCase();
    const found =
      words.every((w) => key.includes(w)) ||
      (shelves.length > 0 &&
        shelves.every((s) => location.startsWith(s)) &&
        rest.every((w) => key.includes(w))) ||
      (code !== '' && (index.codes[i]?.includes(code) ?? false));
    if (found) out.push(item);
  });
  return out;
}

/** The shelves present, for the shelf filter. */
export function shelvesOf(items: readonly ItemView[]): string[] {
  return [...new Set(items.map((i) => i.location))].sort(collator.compare);
}
