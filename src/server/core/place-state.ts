/**
 * A place as the rules see it (docs/api.md#places): where stock is kept (shop floor, back
 * room, van). Every database has `main`, which holds each item's stock unless an operation names
 * another place, and which can be renamed but never archived.
 */
import { MAIN_PLACE, type Op } from '../../protocol/schemas';
import { assertNever } from '../../protocol/assert-never';

export interface PlaceState {
  id: string;
  name: string;
  archived: boolean;
  revision: number;
}

/** The place an adjust or count is at: `main` unless it names one. */
export function placeOf(op: { placeId?: string | undefined }): string {
  return op.placeId ?? MAIN_PLACE;
}

/**
 * The places other than `main` an item operation names, which the adapter reads (and, on
 * PostgreSQL, holds against a concurrent archive) for the rules. `main` always exists and is never
 * archived, so the everyday adjustment reads no place at all.
 */
export function placesToCheck(op: Op): string[] {
  const named = (() => {
    switch (op.type) {
      case 'adjust':
      case 'count':
        return [placeOf(op)];
      case 'transfer':
        return [op.fromPlaceId, op.toPlaceId];
      case 'createItem':
      case 'updateItem':
      case 'archiveItem':
      case 'createPlace':
      case 'updatePlace':
      case 'archivePlace':
      case 'startStocktake':
      case 'stocktakeCount':
      case 'applyStocktake':
      case 'cancelStocktake':
        return [];
      default:
        return assertNever(op);
    }
  })();
  return [...new Set(named.filter((id) => id !== MAIN_PLACE))];
}

/** The stock of a new item: all of it in `main`. */
export function stockOfNewItem(quantity: number): Record<string, number> {
  return { [MAIN_PLACE]: quantity };
}

/** `stock` with `delta` added at `placeId` (an entry is made for a place that held none). */
export function addAt(
  stock: Readonly<Record<string, number>>,
  placeId: string,
  delta: number,
): Record<string, number> {
  return { ...stock, [placeId]: (stock[placeId] ?? 0) + delta };
}
