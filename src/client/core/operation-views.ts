/**
 * Operation views reused: an operation's view is kept while its record, finishing state,
 * attempts, receipt, lease deadline and reversal are the same. A view that moves with time alone
 * (restored work, resting work's recheck, a due time ahead) is not `timeless`: the snapshot asks
 * for it again at every build, and for the others only when one of those inputs changed.
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
  age: number;
  reversed: boolean;
}

export interface ReusableView {
  view: OperationView;
  /**
   * Nothing in it moves with time alone: not imported, not rechecked, and no due time ahead of
   * `builtAt` (a due time in the past stays past while the clock moves forward).
   */
  timeless: boolean;
  /** The earliest clock reading it is known right for onwards. */
  builtAt: number;
}

interface CachedView extends ViewInputs, ReusableView {
  /** The in-memory finishing state it was built with (undefined: none). */
  finishing: FinishingState | undefined;
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
    // Restored work names its age: it changes with time alone.
    age: record.imported ? Math.floor(time.now / 3_600_000) : 0,
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
    // A due time not ahead now stays behind while the clock moves forward (`builtAt`).
    const timeless = record.imported === null && !rechecked(inputs.state) && !inputs.future;
    const entry = { ...inputs, view: built, finishing, timeless, builtAt: time.now };
    this.cache.set(record, entry);
    return entry;
  }
}
