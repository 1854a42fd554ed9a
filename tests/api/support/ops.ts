/** Operation bodies as a client builds them: ids from a lease, ops from the shared schemas' types. */
import { operationId } from '../../../src/protocol/ids';
import type { AdjustOp, CountOp, CreateItemOp, Lease, Op } from '../../../src/protocol/schemas';

/** A request body for POST /api/operations. Loose on purpose: tests also send what a bug would. */
export interface OpBody {
  id: string;
  lease?: string;
  createdAt?: string;
  op: Op | Record<string, unknown>;
  [extra: string]: unknown;
}

/** A granted lease and its operation ids, handed out in order like a client does. */
export class LeaseHandle {
  private seq = 0;

  constructor(
    readonly lease: Lease,
    readonly token: string,
  ) {}

  nextId(): string {
    const id = operationId(this.lease.id, this.seq);
    this.seq += 1;
    return id;
  }

  /** A body with a new id of this lease. */
  body(op: Op, extra: { createdAt?: string } = {}): OpBody {
    return { id: this.nextId(), lease: this.token, ...extra, op };
  }

  get deadlineMs(): number {
    return Date.parse(this.lease.deadline);
  }
}

let serial = 0;

/**
 * A new item id, unique in the worker's run (the `main` project's files share this module), and
 * never a demo item's (`lamp-14`, `bowl-15`: the demo seed's ids end in digits too).
 */
export function freshItemId(prefix = 'item'): string {
  serial += 1;
  return `${prefix}-t${serial}`;
}

export function adjust(
  itemId: string,
  delta: number,
  extra: Partial<Pick<AdjustOp, 'reason' | 'note' | 'allowNegative'>> = {},
): AdjustOp {
  return { type: 'adjust', itemId, delta, reason: delta > 0 ? 'received' : 'sold', ...extra };
}

export function count(itemId: string, quantity: number, basedOnRevision: number): CountOp {
  return { type: 'count', itemId, quantity, basedOnRevision };
}

export function createItem(
  itemId: string,
  initialQuantity = 10,
  sku = `SKU-${itemId}`,
): CreateItemOp {
  return {
    type: 'createItem',
    itemId,
    sku,
    name: `Test item ${itemId}`,
    location: 'Shelf A',
    initialQuantity,
  };
}
