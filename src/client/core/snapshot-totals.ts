/**
 * The snapshot's totals over the operations: the person's pending change per item and place, the
 * latest pending count per item, their open work, the work a lease deadline can catch, the
 * originals a standing reversal names, and other people's open work. Kept as the sum of each
 * operation's share, derived from its record and finishing state alone: a change to k operations
 * takes their k old shares out and puts k new ones in, however many operations there are.
 */
import { MAIN_PLACE } from '../../protocol/schemas';
import type { OperationRecord } from './records';
import { reversedId, stands } from './fixes';
import { isPending, type FinishingState } from './operation-state';
import { isOpen } from './rules';

/** One object for every item without pending place changes (snapshots compare by identity). */
export const NO_PENDING: Readonly<Record<string, number>> = Object.freeze({});

/** What one operation adds to the totals. */
export interface Share {
  id: string;
  /** The signed-in person's; the others' add only to `othersOpen`. */
  mine: boolean;
  /** Open (the Activity badge) when mine; waiting for its person when another's. */
  open: boolean;
  userName: string;
  /** The item its pending change is about, with the change (null: none pending). */
  itemId: string | null;
  delta: number;
  places: readonly (readonly [placeId: string, delta: number])[];
  count: { order: number; quantity: number } | null;
  /** Pending work that may have left the device: the lease whose deadline can catch it. */
  frozenLease: string | null;
  /** A standing reversal of the person's: the original it names. */
  reverses: string | null;
}

const NOTHING = { itemId: null, delta: 0, places: [], count: null, frozenLease: null };

export function shareOf(
  record: OperationRecord,
  finishing: FinishingState | undefined,
  userId: string | null,
): Share {
  const id = record.id;
  const userName = record.userName;
  if (userId === null || record.userId !== userId) {
    return { id, mine: false, open: isOpen(record), userName, ...NOTHING, reverses: null };
  }
  const state = finishing ?? record.state;
  const reversal = reversedId(record);
  const base = {
    id,
    mine: true,
    open: isOpen(record, state),
    userName,
    reverses: reversal !== null && stands(record) ? reversal : null,
  };
  if (record.resolution !== null || !isPending(state)) return { ...base, ...NOTHING };
  const pending = {
    ...base,
    ...NOTHING,
    frozenLease: record.sendAttempts > 0 ? record.leaseId : null,
  };
  const op = record.op;
  if (op.type === 'adjust') {
    const places = [[op.placeId ?? MAIN_PLACE, op.delta] as const];
    return { ...pending, itemId: op.itemId, delta: op.delta, places };
  }
  if (op.type === 'transfer') {
    const places = [[op.fromPlaceId, -op.quantity] as const, [op.toPlaceId, op.quantity] as const];
    return { ...pending, itemId: op.itemId, places };
  }
  if (op.type === 'count') {
    return { ...pending, itemId: op.itemId, count: { order: record.order, quantity: op.quantity } };
  }
  return pending;
}

/** An item's pending totals as the snapshot shows them. */
export interface ItemPending {
  pendingDelta: number;
  pendingCount: number | null;
  pendingByPlace: Readonly<Record<string, number>>;
}

interface ItemTotals {
  delta: number;
  /** Per place: how many operations change it (the place shows while one does) and by how much. */
  places: Map<string, { n: number; sum: number }>;
  /** The pending counts by operation id: the latest in creation order is the one shown. */
  counts: Map<string, { order: number; quantity: number }>;
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n === 0) map.delete(key);
  else map.set(key, n);
}

export class SnapshotTotals {
  unconfirmed = 0;
  private readonly items = new Map<string, ItemTotals>();
  private readonly frozenByLease = new Map<string, number>();
  private readonly othersByName = new Map<string, number>();
  private readonly reversals = new Map<string, number>();
  /** Items and reversed originals whose totals were touched since the last `takeTouched`. */
  private touchedItems = new Set<string>();
  private touchedReversals = new Set<string>();

  add(share: Share): void {
    this.apply(share, 1);
  }

  remove(share: Share): void {
    this.apply(share, -1);
  }

  private apply(share: Share, sign: 1 | -1): void {
    if (!share.mine) {
      if (share.open) bump(this.othersByName, share.userName, sign);
      return;
    }
    if (share.open) this.unconfirmed += sign;
    if (share.frozenLease !== null) bump(this.frozenByLease, share.frozenLease, sign);
    if (share.reverses !== null) {
      bump(this.reversals, share.reverses, sign);
      this.touchedReversals.add(share.reverses);
    }
    if (share.itemId === null) return;
    const totals = this.items.get(share.itemId) ?? {
      delta: 0,
      places: new Map(),
      counts: new Map(),
    };
    totals.delta += sign * share.delta;
    for (const [placeId, delta] of share.places) {
      const place = totals.places.get(placeId) ?? { n: 0, sum: 0 };
      place.n += sign;
      place.sum += sign * delta;
      if (place.n === 0) totals.places.delete(placeId);
      else totals.places.set(placeId, place);
    }
    if (share.count !== null) {
      if (sign > 0) totals.counts.set(share.id, share.count);
      else totals.counts.delete(share.id);
    }
    if (totals.places.size === 0 && totals.counts.size === 0) this.items.delete(share.itemId);
    else this.items.set(share.itemId, totals);
    this.touchedItems.add(share.itemId);
  }

  /** The items and reversed originals touched since the last call. */
  takeTouched(): { items: ReadonlySet<string>; reversals: ReadonlySet<string> } {
    const touched = { items: this.touchedItems, reversals: this.touchedReversals };
    this.touchedItems = new Set();
    this.touchedReversals = new Set();
    return touched;
  }

  pending(itemId: string): ItemPending {
    const totals = this.items.get(itemId);
    if (!totals) return { pendingDelta: 0, pendingCount: null, pendingByPlace: NO_PENDING };
    let latest: { order: number; quantity: number } | null = null;
    for (const c of totals.counts.values())
      if (latest === null || c.order > latest.order) latest = c;
    const byPlace: Record<string, number> = {};
    for (const [placeId, { sum }] of totals.places) byPlace[placeId] = sum;
    return {
      pendingDelta: totals.delta,
      pendingCount: latest?.quantity ?? null,
      pendingByPlace: totals.places.size === 0 ? NO_PENDING : byPlace,
    };
  }

  /** A reversal of the person's that still stands names this operation. */
  reversed(id: string): boolean {
    return this.reversals.has(id);
  }

  /** How many frozen operations each lease holds. */
  frozen(): ReadonlyMap<string, number> {
    return this.frozenByLease;
  }

  /** Other people's open work by name (in name order). */
  othersWaiting(): { userName: string; count: number }[] {
    return [...this.othersByName]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([userName, count]) => ({ userName, count }));
  }
}
