/**
 * The stock rules, pure: given an operation and the current state of its item, what happens.
 * No I/O; every store adapter calls this inside its transaction, so SQLite and PostgreSQL agree.
 */
import type { Op, Outcome, ReasonCode } from '../../protocol/schemas';

export interface ItemState {
  id: string;
  sku: string;
  name: string;
  location: string;
  quantity: number;
  revision: number;
}

export type Verdict =
  /** `item` is the item right after the operation; `created` when it did not exist before. */
  | { outcome: 'applied'; delta: number; item: ItemState; created: boolean }
  /** Nothing changes; `item` is the item as it stands (null: no such item). */
  | { outcome: Exclude<Outcome, 'applied'>; reason: ReasonCode; item: ItemState | null };

export function decide(op: Op, item: ItemState | null, skuTaken: boolean): Verdict {
  switch (op.type) {
    case 'createItem': {
      if (item || skuTaken) return { outcome: 'rejected', reason: 'duplicate-item', item };
      const created: ItemState = {
        id: op.itemId,
        sku: op.sku,
        name: op.name,
        location: op.location,
        quantity: op.initialQuantity,
        revision: 1,
      };
      return { outcome: 'applied', delta: op.initialQuantity, item: created, created: true };
    }
    case 'adjust': {
      if (!item) return { outcome: 'rejected', reason: 'unknown-item', item: null };
      const quantity = item.quantity + op.delta;
      if (quantity < 0 && op.allowNegative !== true) {
        return { outcome: 'review', reason: 'would-go-negative', item };
      }
      return { outcome: 'applied', delta: op.delta, item: next(item, quantity), created: false };
    }
    case 'count': {
      if (!item) return { outcome: 'rejected', reason: 'unknown-item', item: null };
      if (item.revision !== op.basedOnRevision)
        return { outcome: 'review', reason: 'stale-count', item };
      const delta = op.quantity - item.quantity;
      return { outcome: 'applied', delta, item: next(item, op.quantity), created: false };
    }
    case 'updateItem':
    case 'archiveItem':
      // The catalogue rules follow in the next commit; until then nobody may make these.
      return { outcome: 'rejected', reason: 'not-allowed', item };
    default:
      return unreachable(op);
  }
}

function next(item: ItemState, quantity: number): ItemState {
  return { ...item, quantity, revision: item.revision + 1 };
}

export function unreachable(value: never): never {
  throw new Error(`unreachable: ${JSON.stringify(value)}`);
}
