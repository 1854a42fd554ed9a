/**
 * The snapshot the PWA renders, built from the tab's picture of IndexedDB plus the few facts that
 * live only in memory (receipts whose local transaction runs, connectivity, drain progress,
 * storage problems). Pending effects are derived here, never stored.
 *
 * Built often (every change during a drain of thousands), so what did not change is reused:
 * an operation's view is kept while its record, attempts, receipt and overlay are the same
 * objects; sorted lists are kept while their version is the same.
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
import { connectivityLabel } from './check-words';
import { deadlineWarnings } from './deadline-warnings';
import { reversedIds } from './fixes';
import { isPending, rechecked, type OpState } from './operation-state';
import { effectiveState, iso, operationView, retryAt, type ViewTime } from './operation-view';
import { freshestLease, isOpen } from './rules';
import { pastDeadline, serverNow, type ServerSkew } from './server-clock';

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
  timeZone?: string;
  /** When the sender next talks to the server by itself (the status bar), if planned. */
  nextCheckAt?: number | null;
}

interface CachedView {
  inputs: readonly unknown[];
  view: OperationView;
}

export class SnapshotBuilder {
  private readonly views = new WeakMap<OperationRecord, CachedView>();
  private mine = { version: -1, userId: null as string | null, list: [] as OperationRecord[] };
  private sortedItems = { version: -1, list: [] as Item[] };
  private reversals = { list: [] as OperationRecord[], ids: new Set<string>() };

  /** The inputs an operation's view depends on; the same objects → the same view. */
  private inputs(
    record: OperationRecord,
    view: LocalView,
    time: ViewTime,
    reversed: boolean,
  ): unknown[] {
    const state = effectiveState(record, time.finishing);
    const due = retryAt(state, time.recheckAt ?? null);
    return [
      state,
      rechecked(state) ? due : null,
      view.attempts.get(record.id),
      view.receipts.get(record.id),
      view.leases.get(record.leaseId),
      due !== null && due > time.now,
      // Restored work names its age: it changes with time alone.
      record.imported ? Math.floor(time.now / 3_600_000) : 0,
      reversed,
    ];
  }

  operation(
    record: OperationRecord,
    view: LocalView,
    time: ViewTime,
    reversed = false,
  ): OperationView {
    const inputs = this.inputs(record, view, time, reversed);
    const cached = this.views.get(record);
    if (cached && cached.inputs.every((x, i) => x === inputs[i])) return cached.view;
    const built = operationView(record, view, time, reversed);
    this.views.set(record, { inputs, view: built });
    return built;
  }

  private userOperations(view: LocalView, userId: string | null): OperationRecord[] {
    if (this.mine.version !== view.operationsVersion || this.mine.userId !== userId) {
      const list = [...view.operations.values()]
        .filter((r) => r.userId === userId)
        .sort((a, b) => a.order - b.order);
      this.mine = { version: view.operationsVersion, userId, list };
    }
    return this.mine.list;
  }

  /** Recomputed only when the operation list changed (a drain rebuilds the snapshot often). */
  private reversed(mine: OperationRecord[]): Set<string> {
    if (this.reversals.list !== mine) this.reversals = { list: mine, ids: reversedIds(mine) };
    return this.reversals.ids;
  }

  private items(view: LocalView): Item[] {
    if (this.sortedItems.version !== view.itemsVersion) {
      const list = [...view.items.values()].sort((a, b) => a.name.localeCompare(b.name));
      this.sortedItems = { version: view.itemsVersion, list };
    }
    return this.sortedItems.list;
  }

  build(view: LocalView, runtime: Runtime): ClientSnapshot {
    const user = view.session?.user ?? null;
    const mine = this.userOperations(view, user?.id ?? null);
    const states = mine.map((r) => effectiveState(r, runtime.finishing));
    const reversed = this.reversed(mine);

    const deltas = new Map<string, number>();
    // The latest pending count per item (creation order): what the person last counted.
    const counts = new Map<string, number>();
    let unconfirmedCount = 0;
    mine.forEach((r, i) => {
      const state = states[i] as OpState;
      if (isOpen(r, state)) unconfirmedCount++;
      if (r.resolution !== null || !isPending(state)) return;
      if (r.op.type === 'adjust') {
        deltas.set(r.op.itemId, (deltas.get(r.op.itemId) ?? 0) + r.op.delta);
      } else if (r.op.type === 'count') {
        counts.set(r.op.itemId, r.op.quantity);
      }
    });
    const items: ItemView[] = this.items(view).map((item) => ({
      ...item,
      pendingDelta: deltas.get(item.id) ?? 0,
      pendingCount: counts.get(item.id) ?? null,
    }));

    const others = new Map<string, number>();
    for (const r of view.operations.values()) {
      if (r.userId !== user?.id && isOpen(r)) {
        others.set(r.userName, (others.get(r.userName) ?? 0) + 1);
      }
    }

    const leases = [...view.leases.values()].filter((l) => l.userId === user?.id);
    const serverTime = serverNow(runtime.now, leases, runtime.serverSkew ?? null);
    const freshest = freshestLease(leases);
    // Past its deadline, it binds nothing: changes made now wait for a fresh lease.
    const lease = freshest && !pastDeadline(freshest.deadline, serverTime) ? freshest : null;
    const settled = runtime.settledThisRound;
    return {
      ready: runtime.ready,
      user,
      deviceName: view.device?.deviceName ?? 'This device',
      connectivity: runtime.connectivity,
      connectivityLabel: connectivityLabel(runtime.connectivity, runtime.nextCheckAt ?? null, {
        timeZone: runtime.timeZone,
      }),
      nextCheckAt: runtime.nextCheckAt ? iso(runtime.nextCheckAt) : null,
      items,
      itemsRevision: view.itemsRevision,
      operations: mine.map((r) => this.operation(r, view, runtime, reversed.has(r.id))),
      unconfirmedCount,
      drain: settled === null ? null : { sent: settled, total: settled + unconfirmedCount },
      lease: lease && {
        id: lease.id,
        issuedAt: lease.issuedAt,
        deadline: lease.deadline,
        used: lease.nextSeq,
        size: lease.size,
      },
      warnings: deadlineWarnings(
        mine.map((r, i) => ({
          pending: r.resolution === null && isPending(states[i] as OpState),
          sendAttempts: r.sendAttempts,
          deadline: Date.parse(view.leases.get(r.leaseId)?.deadline ?? '') || Infinity,
        })),
        serverTime,
        runtime.warnWithinMs,
        runtime.timeZone,
      ),
      otherUsersWaiting: [...others.entries()].map(([userName, count]) => ({ userName, count })),
      storageProblem: runtime.storageProblem,
      testerMode: runtime.testerMode,
      stepByStep: runtime.stepByStep ?? false,
      serverOffsetMs: runtime.serverSkew?.offsetMs ?? 0,
      sessionExpired: view.session?.expired ?? false,
    };
  }
}
