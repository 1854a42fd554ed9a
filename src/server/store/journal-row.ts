/**
 * A journal row's place (docs/api.md#places) and item revision, as both adapters answer them in
 * history. Rows written before places have no place: every stock change then was at `main`, where
 * that quantity was the item's whole quantity, so they read as `main` with `placeQuantity =
 * resultingQuantity`. A catalogue change (edit, archive) has no place.
 */
import { MAIN_PLACE, type HistoryEntry } from '../../protocol/schemas';

const STOCK_TYPES: ReadonlySet<HistoryEntry['type']> = new Set(['adjust', 'count', 'createItem']);

export function historyPlace(row: {
  type: HistoryEntry['type'];
  placeId: string | null;
  placeQuantity: number | null;
  resultingQuantity: number;
}): { placeId: string | null; placeQuantity: number | null } {
  if (row.placeId !== null) return { placeId: row.placeId, placeQuantity: row.placeQuantity };
  if (!STOCK_TYPES.has(row.type)) return { placeId: null, placeQuantity: null };
  return { placeId: MAIN_PLACE, placeQuantity: row.resultingQuantity };
}

/** A journal row's item revision, when the row has one (rows older than the column have none). */
export function historyRevision(itemRevision: number | null): { revision?: number } {
  return itemRevision === null ? {} : { revision: itemRevision };
}
