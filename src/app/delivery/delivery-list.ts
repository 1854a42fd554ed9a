/**
 * **Receive delivery** (docs/client.md#places), pure: the list scanning fills. Each code read adds
 * one of the item it names; a code no item has is listed as unknown, never dropped; −/+ per line
 * (a line at 0 leaves the list). The list is kept on the device (localStorage) so it survives a
 * reload until it is saved or discarded; what is read back is checked, never trusted.
 */
import type { ItemView } from '../../client/facade';
import { matchScan } from '../scan/scan-match';

export interface DeliveryLine {
  /** The item the code names; null for a code no (single) item has. */
  itemId: string | null;
  /** The code as read (for an unknown line, what the person sees). */
  code: string;
  quantity: number;
}

export type DeliveryList = readonly DeliveryLine[];

const same = (line: DeliveryLine, itemId: string | null, code: string) =>
  itemId !== null ? line.itemId === itemId : line.itemId === null && line.code === code;

/** One more of whatever `code` names, on its line (a new line at the end for a first read). */
export function addCode(
  list: DeliveryList,
  items: readonly ItemView[],
  scanned: string,
): DeliveryList {
  const code = scanned.trim();
  if (code === '') return list;
  const match = matchScan(items, code);
  const itemId = match.kind === 'one' ? match.item.id : null;
  return list.some((l) => same(l, itemId, code))
    ? list.map((l) => (same(l, itemId, code) ? { ...l, quantity: l.quantity + 1 } : l))
    : [...list, { itemId, code, quantity: 1 }];
}

/** **Add one** / **Remove one** on line `index`; a line at 0 leaves the list. */
export function changeLine(list: DeliveryList, index: number, by: 1 | -1): DeliveryList {
  return list
    .map((l, i) => (i === index ? { ...l, quantity: l.quantity + by } : l))
    .filter((l) => l.quantity > 0);
}

/** What **Save delivery** saves: the known items' lines. Unknown codes stay listed. */
export function savable(list: DeliveryList): { itemId: string; quantity: number }[] {
  return list.flatMap((l) =>
    l.itemId === null ? [] : [{ itemId: l.itemId, quantity: l.quantity }],
  );
}

export function unknownLines(list: DeliveryList): DeliveryList {
  return list.filter((l) => l.itemId === null);
}

const KEY = 'stockroom:delivery';

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function isLine(v: unknown): v is DeliveryLine {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  return (
    (l['itemId'] === null || typeof l['itemId'] === 'string') &&
    typeof l['code'] === 'string' &&
    Number.isSafeInteger(l['quantity']) &&
    (l['quantity'] as number) > 0
  );
}

/** The list kept on this device (empty when there is none, or it cannot be read). */
export function loadDelivery(storage: Storage | null): DeliveryList {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    return [];
  }
}

export function keepDelivery(storage: Storage | null, list: DeliveryList): void {
  try {
    if (list.length === 0) storage?.removeItem(KEY);
    else storage?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the list still holds on screen until the page reloads.
  }
}
