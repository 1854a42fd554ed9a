/**
 * Stock-take operations (docs/http-api.md "Stock-takes"), pure: what the adapter looked up in the
 * operation's transaction goes in, a verdict and the stock changes of an apply come out. The
 * adapters (sqlite-stocktakes.ts, postgres-stocktakes.ts) only read and write.
 */
import type { ItemOp, Op, Receipt, ReasonCode, StocktakeOp } from '../../protocol/schemas';
import { assertNever } from '../../protocol/assert-never';
import { isPlaceOp, isStocktakeOp } from '../../protocol/op-item';
import type { ItemState } from './item-state';
import { addAt } from './place-state';
import { mayMake, type Role } from './roles';
import {
  proposeItem,
  type CountLine,
  type ItemProposal,
  type PlaceChange,
  type Uncounted,
} from './stocktake-apply';

export type StocktakeStatus = 'open' | 'applied' | 'cancelled';

export interface StocktakeState {
  id: string;
  name: string;
  placeId: string;
  blind: boolean;
  status: StocktakeStatus;
}

/** What the adapter looked up; each type reads only its own part. */
export interface StocktakeFacts {
  role: Role;
  /** The stock-take named by the operation, if it exists. */
  stocktake: StocktakeState | null;
  /** startStocktake: the place, if it exists. */
  place: { archived: boolean } | null;
  /** startStocktake with `itemIds`: whether one of them is not an item. */
  unknownItem: boolean;
  /** stocktakeCount: whether the item is in the stock-take's scope. */
  inScope: boolean;
}

export type StocktakeVerdict =
  { outcome: 'applied' } | { outcome: 'rejected' | 'review'; reason: ReasonCode };

const rejected = (reason: ReasonCode): StocktakeVerdict => ({ outcome: 'rejected', reason });
const APPLIED: StocktakeVerdict = { outcome: 'applied' };

export function decideStocktake(op: StocktakeOp, facts: StocktakeFacts): StocktakeVerdict {
  if (!mayMake(facts.role, op)) return rejected('not-allowed');
  switch (op.type) {
    case 'startStocktake':
      if (facts.stocktake) return rejected('duplicate-stocktake');
      if (!facts.place) return rejected('unknown-place');
      if (facts.place.archived) return rejected('archived-place');
      if (facts.unknownItem) return rejected('unknown-item');
      return APPLIED;
    case 'stocktakeCount':
      if (!facts.stocktake) return rejected('unknown-stocktake');
      if (facts.stocktake.status !== 'open') return rejected('stocktake-closed');
      if (!facts.inScope) return rejected('not-in-stocktake');
      return APPLIED;
    case 'applyStocktake':
    case 'cancelStocktake':
      if (!facts.stocktake) return rejected('unknown-stocktake');
      if (facts.stocktake.status !== 'open') return rejected('stocktake-closed');
      return APPLIED;
    default:
      return assertNever(op);
  }
}

/**
 * The receipt of a stock-take operation. It names the item for a count and no item otherwise, and
 * never carries a quantity: a count line changes no stock, and in a blind count the person counting
 * must not learn the expected quantity from their own receipt.
 */
export function stocktakeReceipt(
  operationId: string,
  op: StocktakeOp,
  verdict: StocktakeVerdict,
  recordedAt: number,
): Receipt {
  return {
    operationId,
    outcome: verdict.outcome,
    reason: verdict.outcome === 'applied' ? null : verdict.reason,
    itemId: op.type === 'stocktakeCount' ? op.itemId : null,
    delta: 0,
    resultingQuantity: null,
    itemRevision: null,
    recordedAt: new Date(recordedAt).toISOString(),
    compacted: false,
  };
}

/** One item in scope as the adapter read it for a review or an apply. */
export interface ScopeItem {
  item: ItemState;
  /** The item's quantity at the stock-take's place. */
  current: number;
  /** This item's count lines, in recording order. */
  lines: CountLine[];
  /** The changes at the place after the earliest revision its counters saw (more are ignored). */
  changes: PlaceChange[];
}

export interface ReviewLine extends ItemProposal {
  itemId: string;
}

export function review(scope: readonly ScopeItem[], uncounted: Uncounted): ReviewLine[] {
  return scope.map((s) => ({
    itemId: s.item.id,
    ...proposeItem(s.lines, s.changes, s.current, uncounted),
  }));
}

/** One item an apply changes: the delta at the place and the item right after. */
export interface StocktakeChange {
  delta: number;
  item: ItemState;
  /** The item's quantity at the place right after. */
  placeQuantity: number;
}

/** The stock an apply changes: one entry per item whose quantity at the place moves. */
export function applyChanges(
  scope: readonly ScopeItem[],
  uncounted: Uncounted,
  placeId: string,
): StocktakeChange[] {
  const changes: StocktakeChange[] = [];
  for (const s of scope) {
    const { proposed } = proposeItem(s.lines, s.changes, s.current, uncounted);
    const delta = proposed - s.current;
    if (delta === 0) continue;
    const item = {
      ...s.item,
      quantity: s.item.quantity + delta,
      revision: s.item.revision + 1,
      // The change is at the stock-take's place (docs/api.md#places): the total moves with it.
      stock: addAt(s.item.stock, placeId, delta),
    };
    changes.push({ delta, item, placeQuantity: proposed });
  }
  return changes;
}

/** The history's note on each entry of an apply. */
export function stocktakeNote(name: string): string {
  return `Stock-take "${name}"`;
}

/**
 * The export row's payload: one effect per operation; an apply's holds every item it changed
 * (start, count and cancel change no stock and hold none).
 */
export function stocktakeExportPayload(
  operationId: string,
  userId: string,
  op: StocktakeOp,
  changes: readonly StocktakeChange[],
  recordedAt: number,
): string {
  return JSON.stringify({
    effectId: operationId,
    userId,
    type: op.type,
    stocktakeId: op.stocktakeId,
    changes: changes.map((c) => ({
      itemId: c.item.id,
      delta: c.delta,
      resultingQuantity: c.item.quantity,
    })),
    recordedAt: new Date(recordedAt).toISOString(),
  });
}

/** A request carrying a stock-take operation, and (the rest) one about a single item. */
export function isStocktakeRequest<R extends { op: Op }>(r: R): r is R & { op: StocktakeOp } {
  return isStocktakeOp(r.op);
}
export type ItemRequest<R extends { op: Op }> = R & { op: ItemOp };
/** After `isStocktakeRequest` said no: the request is about one item. */
export function asItemRequest<R extends { op: Op }>(r: R): ItemRequest<R> {
  // Place operations take their own path too (sqlite-places.ts, postgres-places.ts).
  if (isStocktakeOp(r.op) || isPlaceOp(r.op)) {
    throw new Error(`${r.op.type} is not an operation on one item`);
  }
  return r as ItemRequest<R>;
}
