/**
 * The snapshot the PWA renders, built from the tab's picture of IndexedDB plus the few facts that
 * live only in memory (receipts whose local transaction runs, connectivity, drain progress,
 * storage problems). Pending effects are derived here, never stored.
 *
 * Built often (every change during a drain of thousands, after every tap), so a build visits only
 * what changed since the last: the operations a committed write changed (user-operations.ts says
 * which), those whose finishing state changed, the originals a reversal newly names or stops
 * naming, and the views that time alone changed since (operation-views.ts). Totals follow each
 * changed operation's share (snapshot-totals.ts); the list keeps every other view. Every view is
 * asked again only when a lease deadline changed or the clock went back; everything is derived
 * again when the picture was not followed (a whole re-read, another user, a change not told).
 */
import type { Item } from '../../protocol/schemas';
import type {
  ClientSnapshot,
  Connectivity,
  ItemView,
  OperationView,
  StorageProblem,
} from './views';
import type { LocalView } from './local-view';
import type { OperationRecord } from './records';
import { deadlineWarnings } from './deadline-warnings';
import type { FinishingState } from './operation-state';
import { iso, type ViewTime } from './operation-view';
import { OperationViews, TimedViews } from './operation-views';
import { freshestLease } from './rules';
import { pastDeadline, serverNow, type ServerSkew } from './server-clock';
import { SnapshotTotals, shareOf, type ItemPending, type Share } from './snapshot-totals';
import { positionOf, UserOperations, type Splice } from './user-operations';

export interface Runtime extends ViewTime {
  ready: boolean;
  connectivity: Connectivity;
  /** Operations settled in the running sender round, or null when none runs. */
  settledThisRound: number | null;
  storageProblem: StorageProblem;
  testerMode: boolean;
  /** The Tester panel's "Step by step" switch (pacing.ts). */
  stepByStep?: boolean;
  /** The server's clock as last read: every deadline shown and judged follows it. */
  serverSkew?: ServerSkew | null;
  warnWithinMs: number;
  /** When the sender next talks to the server by itself (the status bar), if planned. */
  nextCheckAt?: number | null;
}

/** What the last build was made from and what it made: the next one follows from it. */
interface Followed {
  /** Every operation's record and finishing state as last seen, and its share of the totals. */
  shares: Map<
    string,
    { record: OperationRecord; finishing: FinishingState | undefined; share: Share }
  >;
  totals: SnapshotTotals;
  /** The views of the person's operations, in the order of their list. */
  operations: OperationView[];
  /** The person's operations whose views move with time alone, by when. */
  timed: TimedViews;
  finishing: Map<string, FinishingState>;
  /** Every lease's deadline (the views show them). */
  deadlines: Map<string, string>;
  now: number;
  items: FollowedItems;
}

interface FollowedItems {
  version: number;
  list: ItemView[];
  /** Where each item sits in `list`. */
  at: Map<string, number>;
}

export class SnapshotBuilder {
  private readonly mine = new UserOperations();
  private sortedItems = { version: -1, list: [] as Item[] };
  private last: Followed | null = null;

  constructor(
    /** Where operation views come from (a counting one in the cost test). */
    private readonly views = new OperationViews(),
  ) {}

  /**
   * A committed write changed these operations of `view`, or their attempts (its version was
   * `before`; null: which ones is not known): the next build follows them instead of every one.
   */
  changed(view: LocalView, before: number, operationIds: Iterable<string> | null): void {
    this.mine.changed(view, before, operationIds);
  }

  private items(view: LocalView): Item[] {
    if (this.sortedItems.version !== view.itemsVersion) {
      const list = [...view.items.values()].sort((a, b) => a.name.localeCompare(b.name));
      this.sortedItems = { version: view.itemsVersion, list };
    }
    return this.sortedItems.list;
  }

  /** The view of one of the person's operations; notes whether it moves with time alone. */
  private view(
    record: OperationRecord,
    view: LocalView,
    time: ViewTime,
    totals: SnapshotTotals,
    timed: TimedViews,
  ): OperationView {
    const made = this.views.get(record, view, time, totals.reversed(record.id));
    timed.note(record.id, made);
    return made.view;
  }

  private allItems(view: LocalView, totals: SnapshotTotals): FollowedItems {
    const sorted = this.items(view);
    return {
      version: view.itemsVersion,
      list: sorted.map((item) => ({ ...item, ...totals.pending(item.id) })),
      at: new Map(sorted.map((item, i) => [item.id, i])),
    };
  }

  /** Everything derived from every operation. */
  private fromNothing(
    view: LocalView,
    runtime: Runtime,
    mine: readonly OperationRecord[],
    userId: string | null,
  ): Followed {
    const totals = new SnapshotTotals();
    const shares: Followed['shares'] = new Map();
    for (const record of view.operations.values()) {
      const finishing = runtime.finishing.get(record.id);
      const share = shareOf(record, finishing, userId);
      totals.add(share);
      shares.set(record.id, { record, finishing, share });
    }
    totals.takeTouched();
    const timed = new TimedViews(runtime.recheckAt ?? null);
    return {
      totals,
      timed,
      shares,
      operations: mine.map((r) => this.view(r, view, runtime, totals, timed)),
      finishing: new Map(runtime.finishing),
      deadlines: deadlinesOf(view),
      now: runtime.now,
      items: this.allItems(view, totals),
    };
  }

  /** The last build brought up to date with what changed since (`changed`: the ids told of). */
  private follow(
    last: Followed,
    view: LocalView,
    runtime: Runtime,
    mine: readonly OperationRecord[],
    changed: ReadonlySet<string>,
    splices: readonly Splice[],
    userId: string | null,
  ): Followed {
    const { shares, totals } = last;
    let timed = last.timed;
    const ids = new Set(changed);
    for (const [id, state] of runtime.finishing) if (last.finishing.get(id) !== state) ids.add(id);
    for (const id of last.finishing.keys()) if (!runtime.finishing.has(id)) ids.add(id);
    for (const id of ids) {
      const record = view.operations.get(id);
      const finishing = runtime.finishing.get(id);
      const was = shares.get(id);
      if (was?.record === record && was?.finishing === finishing) continue;
      if (was) {
        totals.remove(was.share);
        shares.delete(id);
      }
      if (record) {
        const share = shareOf(record, finishing, userId);
        totals.add(share);
        shares.set(id, { record, finishing, share });
      }
    }
    const touched = totals.takeTouched();
    const deadlines = deadlinesOf(view);
    let operations: OperationView[];
    if (runtime.now < last.now || !sameDeadlines(deadlines, last.deadlines)) {
      timed = new TimedViews(runtime.recheckAt ?? null);
      operations = mine.map((r) => this.view(r, view, runtime, totals, timed));
    } else {
      operations = last.operations;
      const inserted = new Set<string>();
      if (splices.length > 0) {
        operations = [...operations];
        for (const { at, record } of splices) {
          if (record === null) {
            operations.splice(at, 1);
            continue;
          }
          operations.splice(at, 0, this.view(record, view, runtime, totals, timed));
          inserted.add(record.id);
        }
      }
      const due = timed.due(runtime.now, runtime.recheckAt ?? null);
      for (const id of new Set([...ids, ...touched.reversals, ...due])) {
        if (inserted.has(id)) continue;
        const record = view.operations.get(id);
        if (record === undefined || record.userId !== userId) {
          timed.forget(id);
          continue;
        }
        const made = this.view(record, view, runtime, totals, timed);
        const at = positionOf(mine, id, record.order);
        if (operations[at] === made) continue;
        if (operations === last.operations) operations = [...operations];
        operations[at] = made;
      }
    }
    const items =
      view.itemsVersion === last.items.version
        ? followItems(last.items, touched.items, totals)
        : this.allItems(view, totals);
    return {
      shares,
      totals,
      operations,
      timed,
      finishing: new Map(runtime.finishing),
      deadlines,
      now: runtime.now,
      items,
    };
  }

  build(view: LocalView, runtime: Runtime): ClientSnapshot {
    const user = view.session?.user ?? null;
    const userId = user?.id ?? null;
    const { list: mine, changed, splices } = this.mine.list(view, userId);
    const last = this.last;
    // A build that stops half way leaves nothing to follow: the next derives everything.
    this.last = null;
    const next =
      last === null || changed === null
        ? this.fromNothing(view, runtime, mine, userId)
        : this.follow(last, view, runtime, mine, changed, splices, userId);
    this.last = next;
    const { totals } = next;

    const leases = [...view.leases.values()].filter((l) => l.userId === user?.id);
    const serverTime = serverNow(runtime.now, leases, runtime.serverSkew ?? null);
    const freshest = freshestLease(leases);
    // Past its deadline, it binds nothing: changes made now wait for a fresh lease.
    const lease = freshest && !pastDeadline(freshest.deadline, serverTime) ? freshest : null;
    const settled = runtime.settledThisRound;
    const frozen = [...totals.frozen()].map(([leaseId, count]) => {
      const deadline = next.deadlines.get(leaseId);
      // Frozen: pending, and sent at least once.
      return {
        pending: true,
        sendAttempts: 1,
        deadline: (deadline !== undefined && Date.parse(deadline)) || Infinity,
        count,
      };
    });
    return {
      ready: runtime.ready,
      user,
      deviceName: view.device?.deviceName ?? 'This device',
      connectivity: runtime.connectivity,
      nextCheckAt: runtime.nextCheckAt ? iso(runtime.nextCheckAt) : null,
      items: next.items.list,
      itemsRevision: view.itemsRevision,
      places: view.places,
      operations: next.operations,
      unconfirmedCount: totals.unconfirmed,
      drain: settled === null ? null : { sent: settled, total: settled + totals.unconfirmed },
      lease: lease && {
        id: lease.id,
        issuedAt: lease.issuedAt,
        deadline: lease.deadline,
        used: lease.nextSeq,
        size: lease.size,
      },
      warnings: deadlineWarnings(frozen, serverTime, runtime.warnWithinMs),
      otherUsersWaiting: totals.othersWaiting(),
      storageProblem: runtime.storageProblem,
      testerMode: runtime.testerMode,
      stepByStep: runtime.stepByStep ?? false,
      serverOffsetMs: runtime.serverSkew?.offsetMs ?? 0,
      sessionExpired: view.session?.expired ?? false,
    };
  }
}

function deadlinesOf(view: LocalView): Map<string, string> {
  return new Map([...view.leases.values()].map((l) => [l.id, l.deadline]));
}

function sameDeadlines(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, deadline] of a) if (b.get(id) !== deadline) return false;
  return true;
}

/** The item views with the totals of the touched items; an item whose totals stay keeps its view. */
function followItems(
  items: FollowedItems,
  touched: ReadonlySet<string>,
  totals: SnapshotTotals,
): FollowedItems {
  let list = items.list;
  for (const itemId of touched) {
    const at = items.at.get(itemId);
    const was = at === undefined ? undefined : list[at];
    if (at === undefined || was === undefined) continue;
    const pending = totals.pending(itemId);
    if (samePending(was, pending)) continue;
    if (list === items.list) list = [...list];
    list[at] = { ...was, ...pending };
  }
  return list === items.list ? items : { ...items, list };
}

function samePending(view: ItemView, pending: ItemPending): boolean {
  if (view.pendingDelta !== pending.pendingDelta || view.pendingCount !== pending.pendingCount) {
    return false;
  }
  const a = view.pendingByPlace ?? {};
  const b = pending.pendingByPlace;
  if (a === b) return true;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
}
