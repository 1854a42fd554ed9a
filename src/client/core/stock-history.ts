/**
 * The history Stock over time is drawn from (docs/client.md#stock-over-time), as the client fetches
 * and keeps it: what it needs of each entry, and when it has fetched far enough back. Apart from
 * stock-series.ts (the drawing's arithmetic) so the client carries only this. Pure.
 */
import type { HistoryEntry, PlaceStock } from '../../protocol/schemas';

export const WINDOW_DAYS = 90;
export const DAY_MS = 86_400_000;

/**
 * What the series need of a history entry: when, how much, where. Only this is kept on the device
 * (no names, notes or reasons: the journal itself is read live).
 */
export type StockEntry = Pick<HistoryEntry, 'delta' | 'placeId' | 'recordedAt'>;

export function stockEntry({ delta, placeId, recordedAt }: HistoryEntry): StockEntry {
  return { delta, placeId: placeId ?? null, recordedAt };
}

export interface StockHistory {
  /** Newest first. */
  entries: readonly StockEntry[];
  /** Whether older entries exist on the server that the device does not have. */
  more: boolean;
}

/** An item's confirmed quantities at a revision: where the series go back from. */
export interface ItemQuantities {
  revision: number;
  quantity: number;
  stock?: readonly PlaceStock[] | undefined;
}

/**
 * A history as fetched, with the item as it was then (kept on the device:
 * transactions/kept-histories.ts): drawn from those quantities, never from later ones the history
 * does not explain.
 */
export interface KeptHistory extends StockHistory {
  item: ItemQuantities;
}

/**
 * Whether pages fetched so far (newest first) reach back a whole window before the newest change:
 * the window ends at that change or later, so nothing older is drawn.
 */
export function coversWindow(entries: readonly StockEntry[], days = WINDOW_DAYS): boolean {
  const newest = entries[0];
  const oldest = entries.at(-1);
  if (!newest || !oldest) return false;
  return Date.parse(newest.recordedAt) - Date.parse(oldest.recordedAt) > days * DAY_MS;
}
