/** Searching the item list by name, SKU and shelf. Pure; the index is built once per item list. */
import type { ItemView } from '../client/facade';

export interface ItemIndex {
  items: readonly ItemView[];
  /** Lower-cased "name sku location" per item, same order as `items`. */
  keys: readonly string[];
}

/** "Lamp 9" before "Lamp 10", as people expect. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function buildItemIndex(items: readonly ItemView[]): ItemIndex {
  const sorted = [...items].sort(
    (a, b) => collator.compare(a.name, b.name) || collator.compare(a.id, b.id),
  );
  return {
    items: sorted,
    keys: sorted.map((i) => `${i.name}\n${i.sku}\n${i.location}`.toLowerCase()),
  };
}

/** Every whitespace-separated word of the query must appear in the name, SKU or shelf. */
export function filterItems(index: ItemIndex, query: string, shelf: string): ItemView[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: ItemView[] = [];
  index.items.forEach((item, i) => {
    if (shelf !== '' && item.location !== shelf) return;
    const key = index.keys[i] ?? '';
    if (words.every((w) => key.includes(w))) out.push(item);
  });
  return out;
}

/** The shelves present, for the shelf filter. */
export function shelvesOf(items: readonly ItemView[]): string[] {
  return [...new Set(items.map((i) => i.location))].sort(collator.compare);
}
