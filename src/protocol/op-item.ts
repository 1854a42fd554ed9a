/** Which operations are about one item, and which are a stock-take's or a place's own steps. */
import type { Op, PlaceOp, StocktakeOp } from './schemas';

/** The item an operation is about, if any: a stock-take's start, apply and cancel, and place operations, name none. */
export function opItemId(op: Op): string | null {
  return 'itemId' in op ? op.itemId : null;
}

export function isStocktakeOp(op: { type: string }): op is StocktakeOp {
  return (
    op.type === 'startStocktake' ||
    op.type === 'stocktakeCount' ||
    op.type === 'applyStocktake' ||
    op.type === 'cancelStocktake'
  );
}

/** The place catalogue's operations (docs/api.md#places): about a place, never one item. */
export function isPlaceOp(op: { type: string }): op is PlaceOp {
  return op.type === 'createPlace' || op.type === 'updatePlace' || op.type === 'archivePlace';
}
