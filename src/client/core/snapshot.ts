/**
 * The snapshot the PWA renders, built (pure) from what IndexedDB holds plus the few facts that
 * live only in memory: receipts whose local transaction is running (`finishing`), connectivity,
 * drain progress, storage problems. Pending effects are derived here, never stored.
 */
import type {
  AttemptView,
  ClientSnapshot,
  Connectivity,
  ItemView,
  OperationView,
  StorageProblem,
} from '../facade';
import type { LocalView } from '../local/view';
import type { AttemptRecord, LeaseRecord, OperationRecord, ReceiptRecord } from '../store/schema';
import { deadlineWarnings } from './deadline-warnings';
import { explanation, reasonText, stateLabel } from './labels';
import { freshestLease, resolvable } from './rules';
import {
  assertNever,
  awaitsStatus,
  isPending,
  type FinishingState,
  type OpState,
} from './operation-state';

export interface Runtime {
  ready: boolean;
  now: number;
  connectivity: Connectivity;
  /** Operations settled in the running sender round, or null when none runs. */
  settledThisRound: number | null;
  storageProblem: StorageProblem;
  testerMode: boolean;
  finishing: ReadonlyMap<string, FinishingState>;
  warnWithinMs: number;
  timeZone?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function effectiveState(record: OperationRecord, finishing: Runtime['finishing']): OpState {
  return finishing.get(record.id) ?? record.state;
}

/** Not confirmed yet and still the person's business (the Activity badge). */
function open(record: OperationRecord, state: OpState): boolean {
  return record.resolution === null && (isPending(state) || state.kind === 'review');
}

function nextRetryAt(state: OpState, now: number): string | null {
  const retry =
    state.kind === 'queued' || state.kind === 'unknown'
      ? state.retry
      : awaitsStatus(state)
        ? state.reason.retry
        : null;
  return retry && retry.notBefore > now ? iso(retry.notBefore) : null;
}

function canCheck(record: OperationRecord, state: OpState): boolean {
  if (record.resolution !== null) return false;
  switch (state.kind) {
    case 'unknown':
    case 'waiting':
      return true;
    case 'queued':
      return record.sendAttempts > 0;
    case 'finishing':
      return state.localWriteFailed;
    case 'review':
      return state.reason.code === 'imported' || state.reason.code === 'expired';
    case 'sending':
    case 'checking':
    case 'confirmed':
    case 'rejected':
    case 'expired':
    case 'not-applied':
      return false;
    default:
      return assertNever(state);
  }
}

/** Enter again / discard: on the stored state (not while a receipt is being stored). */
function canResolve(record: OperationRecord, state: OpState): boolean {
  return state.kind !== 'finishing' && resolvable(record);
}

function attemptView(a: AttemptRecord): AttemptView {
  return {
    attemptId: a.attemptId,
    sentAt: iso(a.sentAt),
    endedAt: a.endedAt === null ? null : iso(a.endedAt),
    result: a.result,
    httpStatus: a.httpStatus,
    serverTiming: a.serverTiming,
    kind: a.kind,
  };
}

/** Lookups by id, made once per snapshot. */
export interface Joins {
  leases: ReadonlyMap<string, LeaseRecord>;
  receipts: ReadonlyMap<string, ReceiptRecord>;
  attempts: ReadonlyMap<string, AttemptRecord[]>;
}

export function joins(view: LocalView): Joins {
  const attempts = new Map<string, AttemptRecord[]>();
  for (const a of view.attempts) {
    const list = attempts.get(a.operationId);
    if (list) list.push(a);
    else attempts.set(a.operationId, [a]);
  }
  for (const list of attempts.values()) list.sort((a, b) => a.sentAt - b.sentAt);
  return {
    leases: new Map(view.leases.map((l) => [l.id, l])),
    receipts: new Map(view.receipts.map((r) => [r.operationId, r])),
    attempts,
  };
}

export function operationView(
  record: OperationRecord,
  joined: Joins,
  runtime: Pick<Runtime, 'finishing' | 'now'>,
): OperationView {
  const state = effectiveState(record, runtime.finishing);
  const lease = joined.leases.get(record.leaseId);
  const receipt =
    state.kind === 'finishing' ? state.receipt : (joined.receipts.get(record.id)?.receipt ?? null);
  const resolution = record.resolution;
  return {
    id: record.id,
    userName: record.userName,
    op: record.op,
    state: state.kind,
    label: stateLabel(state, record.createdAt, runtime.now),
    summary: record.summary,
    createdAt: iso(record.createdAt),
    deadline: lease?.deadline ?? '',
    attempts: (joined.attempts.get(record.id) ?? []).map(attemptView),
    receipt,
    reasonText: reasonText(state, record.createdAt, runtime.now),
    imported: record.imported !== null,
    nextRetryAt: nextRetryAt(state, runtime.now),
    explanation: explanation(state, record.summary),
    resolution:
      resolution === null
        ? null
        : resolution.kind === 'discarded'
          ? { kind: 'discarded', note: resolution.note, at: iso(resolution.at) }
          : {
              kind: 'entered-again',
              newOperationId: resolution.newOperationId,
              at: iso(resolution.at),
            },
    canCheckAndResend: canCheck(record, state),
    canEnterAgain: canResolve(record, state),
    canDiscard: canResolve(record, state),
  };
}

function pendingDeltas(records: readonly OperationRecord[], finishing: Runtime['finishing']) {
  const deltas = new Map<string, number>();
  for (const r of records) {
    const state = effectiveState(r, finishing);
    if (r.op.type !== 'adjust' || r.resolution !== null || !isPending(state)) continue;
    deltas.set(r.op.itemId, (deltas.get(r.op.itemId) ?? 0) + r.op.delta);
  }
  return deltas;
}

export function buildSnapshot(view: LocalView, runtime: Runtime): ClientSnapshot {
  const user = view.session?.user ?? null;
  const mine = view.operations
    .filter((r) => r.userId === user?.id)
    .sort((a, b) => a.order - b.order);
  const joined = joins(view);

  const deltas = pendingDeltas(mine, runtime.finishing);
  const items: ItemView[] = view.items
    .map((item) => ({ ...item, pendingDelta: deltas.get(item.id) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));

  const others = new Map<string, number>();
  for (const r of view.operations) {
    if (r.userId !== user?.id && open(r, r.state))
      others.set(r.userName, (others.get(r.userName) ?? 0) + 1);
  }

  const leases = view.leases.filter((l) => l.userId === user?.id);
  const lease = freshestLease(leases);
  const deadlines = new Map(leases.map((l) => [l.id, Date.parse(l.deadline)]));
  const unconfirmedCount = mine.filter((r) => open(r, effectiveState(r, runtime.finishing))).length;
  const settled = runtime.settledThisRound;

  return {
    ready: runtime.ready,
    user,
    deviceName: view.device?.deviceName ?? 'This device',
    connectivity: runtime.connectivity,
    items,
    itemsRevision: view.itemsRevision,
    operations: mine.map((r) => operationView(r, joined, runtime)),
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
      mine.map((r) => ({
        pending: r.resolution === null && isPending(effectiveState(r, runtime.finishing)),
        sendAttempts: r.sendAttempts,
        deadline: deadlines.get(r.leaseId) ?? Infinity,
      })),
      runtime.now,
      runtime.warnWithinMs,
      runtime.timeZone,
    ),
    otherUsersWaiting: [...others.entries()].map(([userName, count]) => ({ userName, count })),
    storageProblem: runtime.storageProblem,
    testerMode: runtime.testerMode,
    sessionExpired: view.session?.expired ?? false,
  };
}
