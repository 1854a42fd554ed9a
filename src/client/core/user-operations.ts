/**
 * The signed-in user's operations in creation order, as the snapshot lists them, kept up to date
 * from the ids a committed write changed instead of filtered and sorted again from every
 * operation after each change (a drain of 10,000 changes a few dozen per transaction).
 *
 * Told of each change to the view it follows (`changed`, with the version before it); anything it
 * was not told of (another view, a whole re-read, another user) makes the next `list` a full one.
 */
import type { LocalView } from './local-view';
import type { OperationRecord } from './records';

export class UserOperations {
  private view: LocalView | null = null;
  /** `view.operationsVersion` that `sorted` plus `dirty` stand for. */
  private version = -1;
  private userId: string | null = null;
  private sorted: OperationRecord[] = [];
  /** The order of each operation in `sorted` (where to find it). */
  private readonly orderOf = new Map<string, number>();
  /** Ids changed since `sorted` was last brought up to date. */
  private readonly dirty = new Set<string>();

  /** Operations with these ids were written to `view`, whose version was `before` until then. */
  changed(view: LocalView, before: number, ids: Iterable<string>): void {
    if (view !== this.view || before !== this.version) {
      this.view = null;
      return;
    }
    for (const id of ids) this.dirty.add(id);
    this.version = view.operationsVersion;
  }

  /** The list; a new array whenever its content changed (the same one otherwise). */
  list(view: LocalView, userId: string | null): OperationRecord[] {
    if (view !== this.view || view.operationsVersion !== this.version || userId !== this.userId) {
      this.sorted = [...view.operations.values()]
        .filter((r) => r.userId === userId)
        .sort((a, b) => a.order - b.order);
      this.view = view;
      this.version = view.operationsVersion;
      this.userId = userId;
      this.dirty.clear();
      this.orderOf.clear();
      for (const r of this.sorted) this.orderOf.set(r.id, r.order);
      return this.sorted;
    }
    if (this.dirty.size === 0) return this.sorted;
    const next = [...this.sorted];
    for (const id of this.dirty) {
      const was = this.orderOf.get(id);
      const at = was === undefined ? -1 : positionOf(next, id, was);
      const record = view.operations.get(id);
      const mine = record !== undefined && record.userId === userId;
      if (at >= 0 && mine && was === record.order) {
        next[at] = record;
        continue;
      }
      if (at >= 0) next.splice(at, 1);
      this.orderOf.delete(id);
      if (!mine) continue;
      next.splice(upperBound(next, record.order), 0, record);
      this.orderOf.set(id, record.order);
    }
    this.dirty.clear();
    this.sorted = next;
    return next;
  }
}

/** The first position whose order is greater than `order` (after equal ones, as a stable sort). */
function upperBound(list: readonly OperationRecord[], order: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid]?.order ?? Infinity) <= order) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where the operation `id` of this order sits in `list` (-1: not there). */
function positionOf(list: readonly OperationRecord[], id: string, order: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid]?.order ?? Infinity) < order) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < list.length && list[i]?.order === order; i++) {
    if (list[i]?.id === id) return i;
  }
  return -1;
}
