/** One operation as the app shows it: state, words, timeline, and which buttons it offers. */
import type { AttemptView, OperationView } from './views';
import type { LocalView } from './local-view';
import type { AttemptRecord, OperationRecord } from './records';
import { explanationOf, operationReason, restoreUnchecked } from './labels';
import { automaticRetry, rechecked, type FinishingState, type OpState } from './operation-state';
import { cancellable, reversibleKind } from './fixes';
import { handleOf, resolvable } from './rules';
import { assertNever } from '../../protocol/assert-never';

export interface ViewTime {
  now: number;
  /** Receipts whose local transaction runs (or failed): shown over the stored state. */
  finishing: ReadonlyMap<string, FinishingState>;
  /** When resting work is next checked again by itself (recheck.ts), if planned. */
  recheckAt?: number | null;
}

export const iso = (ms: number) => new Date(ms).toISOString();

export function effectiveState(record: OperationRecord, finishing: ViewTime['finishing']): OpState {
  return finishing.get(record.id) ?? record.state;
}

/** When the next automatic attempt (status question, recheck of resting work) is due, if any. */
export function retryAt(state: OpState, recheckAt: number | null = null): number | null {
  if (rechecked(state)) return recheckAt;
  return automaticRetry(state)?.notBefore ?? null;
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
      return (
        state.reason.code === 'imported' ||
        state.reason.code === 'expired' ||
        (state.reason.code === 'restored' && state.reason.answer === 'missing')
      );
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

/**
 * The attempts of an operation for its timeline: the rows of ended attempts, and the attempt in
 * flight, which lives in the claims record until it ends (its state as read: core/claims.ts).
 */
export function timeline(
  record: OperationRecord,
  rows: readonly AttemptRecord[] = [],
): readonly AttemptRecord[] {
  const s = record.state;
  if (s.kind !== 'sending' && s.kind !== 'checking') return rows;
  if (rows.some((a) => a.attemptId === s.attemptId)) return rows;
  const inFlight: AttemptRecord = {
    operationId: record.id,
    attemptId: s.attemptId,
    kind: s.kind === 'sending' || s.via === 'resend' ? 'send' : 'status',
    sentAt: s.since,
    endedAt: null,
    result: 'pending',
    httpStatus: null,
    serverTiming: {},
  };
  return [...rows, inFlight];
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

/**
 * Not applied because the server refused it as late (410: its clock past the lease's deadline,
 * which this device knows): the detail view says so, and that changes made now go through.
 */
function lateRefusal(state: OpState, deadline: string, attempts: readonly AttemptView[]): boolean {
  return (
    state.kind === 'not-applied' && deadline !== '' && attempts.some((a) => a.httpStatus === 410)
  );
}

export function operationView(
  record: OperationRecord,
  view: Pick<LocalView, 'leases' | 'attempts'>,
  time: ViewTime,
  /** A reversal of this operation stands (see core/fixes.ts). */
  reversed = false,
): OperationView {
  const state = effectiveState(record, time.finishing);
  const receipt = state.kind === 'finishing' ? state.receipt : (record.receipt?.receipt ?? null);
  const resolution = record.resolution;
  const due = retryAt(state, time.recheckAt ?? null);
  // Enter again / discard act on the stored state, not while a receipt is being stored, nor while
  // a restored server is asked whether it still has a confirmed change.
  const checkingRestore = restoreUnchecked(state);
  const canResolve = state.kind !== 'finishing' && !checkingRestore && resolvable(record);
  const restored =
    state.kind === 'review' && state.reason.code === 'restored'
      ? { confirmedAt: iso(state.reason.confirmedAt), missing: state.reason.answer === 'missing' }
      : null;
  const deadline = view.leases.get(record.leaseId)?.deadline ?? '';
  const attempts = timeline(record, view.attempts.get(record.id)).map(attemptView);
  return {
    id: record.id,
    handle: handleOf(record),
    userName: record.userName,
    op: record.op,
    state: checkingRestore ? 'checking' : state.kind,
    createdAt: iso(record.createdAt),
    deadline,
    attempts,
    receipt,
    reason: operationReason(state),
    imported: record.imported !== null,
    restored,
    nextRetryAt: due !== null && due > time.now ? iso(due) : null,
    explanation: lateRefusal(state, deadline, attempts)
      ? { kind: 'not-applied-late' }
      : explanationOf(state),
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
    canEnterAgain: canResolve,
    canDiscard: canResolve,
    // No attempt row either: the transaction checks the same.
    canCancel:
      cancellable(record) && state.kind === 'queued' && !view.attempts.get(record.id)?.length,
    canReverse: !reversed && state.kind === 'confirmed' && reversibleKind(record),
  };
}
