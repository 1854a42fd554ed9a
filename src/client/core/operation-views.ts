/**
 * Operation views reused: an operation's view is kept while its record, finishing state,
 * attempts, receipt, lease deadline and reversal are the same. A few views move with time alone
 * (a due time ahead, resting work's recheck time): each says from when, and
 * `TimedViews` hands those out again once the clock gets there or the recheck time moves.
 */
import type { OperationView } from './views';
import type { LocalView } from './local-view';
import type { OperationRecord } from './records';
import { rechecked, type FinishingState, type OpState } from './operation-state';
import { effectiveState, operationView, retryAt, type ViewTime } from './operation-view';

/** What an operation's view depends on besides its record; the same values → the same view. */
interface ViewInputs {
  state: OpState;
  due: number | null;
  attempts: unknown;
  receipt: unknown;
  /** The lease's deadline, not the lease: a lease changes with every id it hands out. */
  deadline: string | undefined;
  future: boolean;
  reversed: boolean;
}

export interface ReusableView {
  view: OperationView;
  /**
   * The clock reading from which time alone may change it (Infinity: never): its due time while
   * ahead (it shows when the next attempt is); a due time behind stays behind.
   */
  changesAt: number;
  /** It shows resting work's recheck time (`ViewTime.recheckAt`). */
  followsRecheck: boolean;
}

interface CachedView extends ViewInputs, ReusableView {
  /** The in-memory finishing state it was built with (undefined: none). */
  finishing: FinishingState | undefined;
  /** Nothing in it moves with time alone (from `builtAt` on, the earliest reading it is right for). */
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
    a.reversed === b.reversed
  );
}

function inputsOf(
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
    reversed,
  };
}

export class OperationViews {
  private readonly cache = new WeakMap<OperationRecord, CachedView>();

  constructor(
    /** How a view is made (operation-view.ts; a counting stand-in in the cost test). */
    private readonly make: typeof operationView = operationView,
  ) {}

  get(record: OperationRecord, view: LocalView, time: ViewTime, reversed: boolean): ReusableView {
    const cached = this.cache.get(record);
    const finishing = time.finishing.get(record.id);
    // The same record with the same inputs, checked without deriving them again.
    if (
      cached?.timeless &&
      time.now >= cached.builtAt &&
      cached.finishing === finishing &&
      cached.reversed === reversed &&
      cached.attempts === view.attempts.get(record.id) &&
      cached.deadline === view.leases.get(record.leaseId)?.deadline
    ) {
      return cached;
    }
    const inputs = inputsOf(record, view, time, reversed);
    if (cached && sameInputs(cached, inputs)) {
      // The same inputs now: right from now on too (the clock may have gone back).
      cached.builtAt = Math.min(cached.builtAt, time.now);
      return cached;
    }
    const built = this.make(record, view, time, reversed);
    const due = retryAt(inputs.state, time.recheckAt ?? null);
    const changesAt = inputs.future && due !== null ? due : Infinity;
    const followsRecheck = rechecked(inputs.state);
    const entry: CachedView = {
      ...inputs,
      view: built,
      finishing,
      changesAt,
      followsRecheck,
      timeless: changesAt === Infinity && !followsRecheck,
      builtAt: time.now,
    };
    this.cache.set(record, entry);
    return entry;
  }
}

/** The views that time alone may change, by when: handed out again once that time comes. */
export class TimedViews {
  private readonly changesAt = new Map<string, number>();
  private readonly followRecheck = new Set<string>();
  /** No view changes before this (a bound: it may be earlier than the earliest left). */
  private next = Infinity;

  constructor(
    /** The recheck time the views were made with. */
    private recheckAt: number | null,
  ) {}

  /** The view of `id` as just asked for. */
  note(id: string, made: ReusableView): void {
    if (made.changesAt === Infinity) this.changesAt.delete(id);
    else {
      this.changesAt.set(id, made.changesAt);
      this.next = Math.min(this.next, made.changesAt);
    }
    if (made.followsRecheck) this.followRecheck.add(id);
    else this.followRecheck.delete(id);
  }

  forget(id: string): void {
    this.changesAt.delete(id);
    this.followRecheck.delete(id);
  }

  /** The ids whose views the clock at `now`, or a new recheck time, may have changed. */
  due(now: number, recheckAt: number | null): string[] {
    const ids: string[] = [];
    if (recheckAt !== this.recheckAt) {
      this.recheckAt = recheckAt;
      ids.push(...this.followRecheck);
    }
    if (now >= this.next) {
      this.next = Infinity;
      for (const [id, at] of this.changesAt) {
        if (at <= now) ids.push(id);
        else this.next = Math.min(this.next, at);
      }
    }
    return ids;
  }
}
