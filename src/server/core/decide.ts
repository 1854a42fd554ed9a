/**
 * The stock and catalogue rules, pure: given an operation, the current state of its item and what
 * the adapter looked up, what happens. No I/O; every store adapter calls this inside its
 * transaction, so SQLite and PostgreSQL agree.
 */
import { MAIN_PLACE, type ItemOp, type Outcome, type ReasonCode } from '../../protocol/schemas';
import { editItem, type FieldEdit } from './item-edit';
import type { ItemState } from './item-state';
import { addAt, placeOf, stockOfNewItem, type PlaceState } from './place-state';
import { mayMake, type Role } from './roles';
import { assertNever } from '../../protocol/assert-never';

/** What the adapter looked up for this operation, in the same transaction. */
export interface Facts {
  role: Role;
  /** The item holding the SKU this operation sets (createItem, updateItem), if any. */
  skuOwner: string | null;
  /** The item holding the barcode this operation sets, if any. */
  barcodeOwner: string | null;
  /** The places `placesToCheck(op)` names, as read; a missing one does not exist. */
  places: Readonly<Record<string, PlaceState>>;
}

export type Verdict =
  /**
   * `item` is the item right after the operation; `created` when it did not exist before; `edits`
   * the catalogue fields an updateItem changed (empty for every other type).
   */
  | { outcome: 'applied'; delta: number; item: ItemState; created: boolean; edits: FieldEdit[] }
  /** Nothing changes; `item` is the item as it stands (null: no such item). */
  | { outcome: Exclude<Outcome, 'applied'>; reason: ReasonCode; item: ItemState | null };

/** The SKU and barcode an operation would set: the adapter looks up who holds them. */
export function claimedCodes(op: ItemOp): { sku: string | null; barcode: string | null } {
  switch (op.type) {
    case 'createItem':
      return { sku: op.sku, barcode: op.barcode ?? null };
    case 'updateItem':
      return { sku: op.changes.sku ?? null, barcode: op.changes.barcode ?? null };
    case 'adjust':
    case 'count':
    case 'archiveItem':
    case 'transfer':
      return { sku: null, barcode: null };
    default:
      return assertNever(op);
  }
}

const refuse = (
  outcome: Exclude<Outcome, 'applied'>,
  reason: ReasonCode,
  item: ItemState | null,
): Verdict => ({ outcome, reason, item });

/** Why a place an operation names cannot take stock changes, or null when it can. */
function placeProblem(placeId: string, facts: Facts): ReasonCode | null {
  if (placeId === MAIN_PLACE) return null;
  const place = facts.places[placeId];
  if (!place) return 'unknown-place';
  return place.archived ? 'archived-place' : null;
}

export function decide(op: ItemOp, item: ItemState | null, facts: Facts): Verdict {
  // The role comes first: a person who may not make this type (or set this flag) learns nothing
  // else from it.
  if (!mayMake(facts.role, op)) return refuse('rejected', 'not-allowed', item);
  switch (op.type) {
    case 'createItem': {
      if (item || facts.skuOwner !== null || facts.barcodeOwner !== null)
        return refuse('rejected', 'duplicate-item', item);
      const created: ItemState = {
        id: op.itemId,
        sku: op.sku,
        name: op.name,
        location: op.location,
        quantity: op.initialQuantity,
        revision: 1,
        barcode: op.barcode ?? null,
        lowStockThreshold: op.lowStockThreshold ?? null,
        archived: false,
        fieldRevisions: {},
        stock: stockOfNewItem(op.initialQuantity),
      };
      return applied(op.initialQuantity, created, true);
    }
    case 'adjust': {
      if (!item) return refuse('rejected', 'unknown-item', null);
      if (item.archived) return refuse('rejected', 'archived-item', item);
      const place = placeOf(op);
      const problem = placeProblem(place, facts);
      if (problem) return refuse('rejected', problem, item);
      // Negative is judged at the place the stock leaves: a back room cannot lend the shop floor.
      const atPlace = (item.stock[place] ?? 0) + op.delta;
      if (atPlace < 0 && op.allowNegative !== true) {
        return refuse('review', 'would-go-negative', item);
      }
      const stock = addAt(item.stock, place, op.delta);
      return applied(op.delta, next(item, { quantity: item.quantity + op.delta, stock }), false);
    }
    case 'count': {
      if (!item) return refuse('rejected', 'unknown-item', null);
      if (item.archived) return refuse('rejected', 'archived-item', item);
      const place = placeOf(op);
      const problem = placeProblem(place, facts);
      if (problem) return refuse('rejected', problem, item);
      if (item.revision !== op.basedOnRevision) return refuse('review', 'stale-count', item);
      const delta = op.quantity - (item.stock[place] ?? 0);
      const stock = addAt(item.stock, place, delta);
      return applied(delta, next(item, { quantity: item.quantity + delta, stock }), false);
    }
    case 'transfer': {
      if (!item) return refuse('rejected', 'unknown-item', null);
      if (item.archived) return refuse('rejected', 'archived-item', item);
      const problem = placeProblem(op.fromPlaceId, facts) ?? placeProblem(op.toPlaceId, facts);
      if (problem) return refuse('rejected', problem, item);
      if ((item.stock[op.fromPlaceId] ?? 0) - op.quantity < 0 && op.allowNegative !== true) {
        return refuse('review', 'would-go-negative', item);
      }
      // Both sides in one new state: the total (and so the receipt's delta) does not change.
      const stock = addAt(
        addAt(item.stock, op.fromPlaceId, -op.quantity),
        op.toPlaceId,
        op.quantity,
      );
      return applied(0, next(item, { stock }), false);
    }
    case 'updateItem': {
      if (!item) return refuse('rejected', 'unknown-item', null);
      if (item.archived) return refuse('rejected', 'archived-item', item);
      const edit = editItem(item, op.basedOnRevision, op.changes);
      if (edit.kind === 'stale') return refuse('review', 'stale-edit', item);
      const takenByOther = (owner: string | null) => owner !== null && owner !== item.id;
      if (
        (op.changes.sku !== undefined && takenByOther(facts.skuOwner)) ||
        (op.changes.barcode !== undefined && takenByOther(facts.barcodeOwner))
      ) {
        return refuse('rejected', 'duplicate-item', item);
      }
      const revision = item.revision + 1;
      const fieldRevisions = { ...item.fieldRevisions };
      for (const e of edit.edits) fieldRevisions[e.field] = revision;
      const edited = { ...item, ...edit.values, revision, fieldRevisions };
      return { outcome: 'applied', delta: 0, item: edited, created: false, edits: edit.edits };
    }
    case 'archiveItem': {
      if (!item) return refuse('rejected', 'unknown-item', null);
      if (item.archived) return refuse('rejected', 'archived-item', item);
      return applied(0, next(item, { archived: true }), false);
    }
    default:
      return assertNever(op);
  }
}

function applied(delta: number, item: ItemState, created: boolean): Verdict {
  return { outcome: 'applied', delta, item, created, edits: [] };
}

function next(item: ItemState, change: Partial<ItemState>): ItemState {
  return { ...item, ...change, revision: item.revision + 1 };
}
