/** Which operations are about one item, and which are a stock-take's own steps. */
import type { Op, StocktakeOp } from './schemas';

/** The item an operation is about, if any: a stock-take's start, apply and cancel name none. */
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
