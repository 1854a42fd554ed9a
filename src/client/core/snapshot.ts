/**
 * The snapshot the PWA renders, built from the tab's picture of IndexedDB plus the few facts that
 * live only in memory (receipts whose local transaction runs, connectivity, drain progress,
 * storage problems). Pending effects are derived here, never stored.
 *
 * Built often (every change during a drain of thousands), so what did not change is reused:
 * an operation's view is kept while its record, attempts, receipt, overlay and lease deadline are
 * the same; the user's list follows the operations each write changed (user-operations.ts); the
 * sorted items are kept while their version is the same.
 */
import { MAIN_PLACE, type Item } from '../../protocol/schemas';
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
import { reversedIds } from './fixes';
import { isPending, rechecked, type FinishingState, type OpState } from './operation-state';
import { effectiveState, iso, operationView, retryAt, type ViewTime } from './operation-view';
import { freshestLease, isOpen } from './rules';
import { pastDeadline, serverNow, type ServerSkew } from './server-clock';
import { UserOperations } from './user-operations';

/** One object for every item without pending place changes (snapshots compare by identity). */
const NO_PENDING: Readonly<Record<string, number>> = Object.freeze({});

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

/** What an operation's view depends on besides its record; the same values → the same view. */
interface ViewInputs {
  state: OpState;
  due: number | null;
  attempts: unknown;
  receipt: unknown;
  /** The lease's deadline, not the lease: a lease changes with every id it hands out. */
  deadline: string | undefined;
  future: boolean;
  age: number;
  reversed: boolean;
}

interface CachedView extends ViewInputs {
  view: OperationView;
  /** The in-memory finishing state it was built with (undefined: none). */
  finishing: FinishingState | undefined;
  /**
   * Nothing in it moves with time alone: not imported, not rechecked, and no due time ahead of
   * `builtAt` (a due time in the past stays past while the clock moves forward).
   */
  timeless: boolean;
  builtAt: number;
}

function sameInputs(a: ViewInputs, b: ViewInputs): boolean {
  return (
    a.state === b.state &&
    a.due === b.due &&
    a.attempts === b.attempts &&
    a.receipt === b.receipt &&
    a.deadline === b.deadline &&
    a.future === b.future &&
    a.age === b.age &&
    a.reversed === b.reversed
  );
}

export class SnapshotBuilder {
  private readonly views = new WeakMap<OperationRecord, CachedView>();
  private readonly mine = new UserOperations();
  private sortedItems = { version: -1, list: [] as Item[] };
  private reversals = { list: [] as OperationRecord[], ids: new Set<string>() };

  /**
   * A committed write changed these operations of `view` (its version was `before`): the next
   * build updates its list from them instead of from every operation.
   */
  changed(view: LocalView, before: number, operationIds: Iterable<string>): void {
    this.mine.changed(view, before, operationIds);
  }

  private inputs(
    record: OperationRecord,
    view: LocalView,
    time: ViewTime,
    reversed: boolean,
  ): ViewInputs {
    const state = effectiveState(record, time.finishing);
    const due = retryAt(state, time.recheckAt ?? null);
    return {
      state,
      due: rechecked(state) ? due : null,
      attempts: view.attempts.get(record.id),
      receipt: record.receipt,
      deadline: view.leases.get(record.leaseId)?.deadline,
      future: due !== null && due > time.now,
      // Restored work names its age: it changes with time alone.
      age: record.imported ? Math.floor(time.now / 3_600_000) : 0,
      reversed,
    };
  }

  operation(
    record: OperationRecord,
    view: LocalView,
    time: ViewTime,
    reversed = false,
  ): OperationView {
    const cached = this.views.get(record);
    const finishing = time.finishing.get(record.id);
    // The same record with the same inputs, checked without deriving them again: a drain of
    // 10,000 builds the snapshot hundreds of times, and all but a few hundred views stay.
    if (
      cached?.timeless &&
      time.now >= cached.builtAt &&
      cached.finishing === finishing &&
      cached.reversed === reversed &&
      cached.attempts === view.attempts.get(record.id) &&
      cached.deadline === view.leases.get(record.leaseId)?.deadline
    ) {
      return cached.view;
    }
    const inputs = this.inputs(record, view, time, reversed);
    if (cached && sameInputs(cached, inputs)) return cached.view;
    const built = operationView(record, view, time, reversed);
    // A due time not ahead now stays behind while the clock moves forward (`builtAt`).
    const timeless = record.imported === null && !rechecked(inputs.state) && !inputs.future;
    this.views.set(record, { ...inputs, view: built, finishing, timeless, builtAt: time.now });
    return built;
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
    const mine = this.mine.list(view, user?.id ?? null);
    const reversed = this.reversed(mine);

    const deltas = new Map<string, number>();
    const atPlaces = new Map<string, Record<string, number>>();
    const addAt = (itemId: string, placeId: string, delta: number) => {
      const places = atPlaces.get(itemId) ?? {};
      places[placeId] = (places[placeId] ?? 0) + delta;
      atPlaces.set(itemId, places);
    };
    // The latest pending count per item (creation order): what the person last counted.
    const counts = new Map<string, number>();
    // Pending work that may have left the device: what a lease deadline can catch.
    const frozen: OperationRecord[] = [];
    let unconfirmedCount = 0;
    for (const r of mine) {
      const state = effectiveState(r, runtime.finishing);
      if (isOpen(r, state)) unconfirmedCount++;
      if (r.resolution !== null || !isPending(state)) continue;
      if (r.sendAttempts > 0) frozen.push(r);
      if (r.op.type === 'adjust') {
        deltas.set(r.op.itemId, (deltas.get(r.op.itemId) ?? 0) + r.op.delta);
        addAt(r.op.itemId, r.op.placeId ?? MAIN_PLACE, r.op.delta);
      } else if (r.op.type === 'transfer') {
        addAt(r.op.itemId, r.op.fromPlaceId, -r.op.quantity);
        addAt(r.op.itemId, r.op.toPlaceId, r.op.quantity);
      } else if (r.op.type === 'count') {
        counts.set(r.op.itemId, r.op.quantity);
      }
    }
    const items: ItemView[] = this.items(view).map((item) => ({
      ...item,
      pendingDelta: deltas.get(item.id) ?? 0,
      pendingCount: counts.get(item.id) ?? null,
      pendingByPlace: atPlaces.get(item.id) ?? NO_PENDING,
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
    // Parsed once per lease, not once per operation.
    const deadlines = new Map(
      [...view.leases.values()].map((l) => [l.id, Date.parse(l.deadline) || Infinity]),
    );
    return {
      ready: runtime.ready,
      user,
      deviceName: view.device?.deviceName ?? 'This device',
      connectivity: runtime.connectivity,
      nextCheckAt: runtime.nextCheckAt ? iso(runtime.nextCheckAt) : null,
      items,
      itemsRevision: view.itemsRevision,
      places: view.places,
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
        frozen.map((r) => ({
          pending: true,
          sendAttempts: r.sendAttempts,
          deadline: deadlines.get(r.leaseId) ?? Infinity,
        })),
        serverTime,
        runtime.warnWithinMs,
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
