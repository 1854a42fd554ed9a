/**
 * The signed-in user's operations in creation order, as the snapshot lists them, kept up to date
 * from the ids a committed write changed instead of filtered and sorted again from every
 * operation after each change (a drain of 10,000 changes a few dozen per transaction).
 *
 * Told of each change to the view it follows (`changed`, with the version before it); anything it
 * was not told of (another view, a whole re-read, another user) makes the next `list` a full one.
 * Each list says which ids it was told of since the last one and how the order changed, so the
 * snapshot follows the same changes (snapshot.ts).
 */
import type { LocalView } from './local-view';
import type { OperationRecord } from './records';

/** One step from the last list to the next: the operation at `at` taken out, or `record` put in there. */
export interface Splice {
  at: number;
  record: OperationRecord | null;
}

export interface UserList {
  list: OperationRecord[];
  /** The ids told of since the last list; null: this one was made from every operation. */
  changed: ReadonlySet<string> | null;
  /** Applied in order to the last list, these give `list` (a record replacing itself is none). */
  splices: readonly Splice[];
}

const NONE: ReadonlySet<string> = new Set();

export class UserOperations {
  private view: LocalView | null = null;
  /** `view.operationsVersion` that `sorted` plus `dirty` stand for. */
  private version = -1;
  private userId: string | null = null;
  private sorted: OperationRecord[] = [];
  /** The order of each operation in `sorted` (where to find it). */
  private readonly orderOf = new Map<string, number>();
  /** Ids changed since `sorted` was last brought up to date. */
  private dirty = new Set<string>();

  /**
   * Operations (or their attempts) with these ids were written to `view`, whose version was
   * `before` until then; null: which ones is not known.
   */
  changed(view: LocalView, before: number, ids: Iterable<string> | null): void {
    if (view !== this.view || before !== this.version || ids === null) {
      this.view = null;
      return;
    }
    for (const id of ids) this.dirty.add(id);
    this.version = view.operationsVersion;
  }

  /** The list (a new array whenever its content changed, the same one otherwise) and how it changed. */
  list(view: LocalView, userId: string | null): UserList {
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
      return { list: this.sorted, changed: null, splices: [] };
    }
    const changed = this.dirty;
    if (changed.size === 0) return { list: this.sorted, changed: NONE, splices: [] };
    this.dirty = new Set();
    const splices: Splice[] = [];
    const next = [...this.sorted];
    for (const id of changed) {
      const was = this.orderOf.get(id);
      const at = was === undefined ? -1 : positionOf(next, id, was);
      const record = view.operations.get(id);
      const mine = record !== undefined && record.userId === userId;
      if (at >= 0 && mine && was === record.order) {
        next[at] = record;
        continue;
      }
      if (at >= 0) {
        next.splice(at, 1);
        splices.push({ at, record: null });
      }
      this.orderOf.delete(id);
      if (!mine) continue;
      const to = upperBound(next, record.order);
      next.splice(to, 0, record);
      splices.push({ at: to, record });
      this.orderOf.set(id, record.order);
    }
    this.sorted = next;
    return { list: next, changed, splices };
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
export function positionOf(list: readonly OperationRecord[], id: string, order: number): number {
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
