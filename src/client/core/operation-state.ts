/**
 * The life of one operation on this device (docs/client.md#the-life-of-an-operation), as a pure
 * reducer over a discriminated union with a payload per state. No I/O, no clock, no randomness:
 * times and the jitter draw arrive in the events.
 *
 *                 enqueue (durable)
 *                      │
 *                      ▼         503 / 429 (refused before any work)
 *      ┌──────────► queued ◄──────────────────────┐
 *      │               │ send-started             │
 *      │               ▼                          │
 *      │            sending ──────────────────────┘
 *      │               │ no answer (timeout, dropped connection, 502/504, unreadable body)
 *      │               ▼
 *      │   ┌─────── unknown ◄──────────────────────────┐
 *      │   │           │ send-started / status-started │ no answer, 503/429,
 *      │   │           ▼                               │ status "not-yet"
 *      │   │        checking ──────────────────────────┘
 *      │   │ bound     │
 *      │   ▼ reached   │ any receipt (from sending, checking, or late from another tab)
 *      └─ waiting      ▼
 *   new     (also   finishing ──local-write-failed──► finishing (needs attention)
 *   round,   401,      │ stored (the local transaction completed)
 *   recheck  500)      ▼
 *                   confirmed │ rejected │ review  (by the receipt's outcome)
 *
 *   sending/checking ── 400/422 ──► review (refused)     ── 410 ──► review (expired, ask status)
 *   checking(status) ── never-applied ──► not-applied    ── forgotten ──► expired
 *   review (expired | imported) ── status-started ──► checking ── not-yet ──► review
 *
 * Events that end an attempt name it (`attemptId`) and only act on that attempt: a late answer
 * to an attempt another tab has since superseded changes nothing. A receipt is evidence and acts
 * from any state that has none yet.
 */
import type { ProblemCode, ReasonCode, Receipt } from '../../protocol/schemas';
import { retryDelay, type BackoffPolicy } from './retry-policy';
import { assertNever } from '../../protocol/assert-never';

/** Automatic attempts in the current round, and the earliest time (ms) for the next one. */
export interface Retry {
  attempts: number;
  notBefore: number;
}

export type StatusAnswerSoFar = 'unchecked' | 'not-yet';

export type ReviewReason =
  /** The server stored a `review` outcome (would-go-negative, stale-count). */
  | { code: 'receipt'; reason: ReasonCode | null }
  /** 410: past its deadline with no record; the status endpoint decides what that means. */
  | { code: 'expired'; answer: StatusAnswerSoFar; retry: Retry }
  /** 400/422: the server refused the request itself (a bug, or a reused id); shown plainly. */
  | { code: 'refused'; httpStatus: number; problem: ProblemCode | null; detail: string }
  /** Restored from a backup: never sent automatically; the status endpoint decides. */
  | { code: 'imported'; importedAt: number; answer: StatusAnswerSoFar; retry: Retry }
  /**
   * Confirmed (at `confirmedAt`, the receipt's time), then the server was restored from a backup
   * that may lack it (restore-check.ts). `unchecked`: the status endpoint is asked (processed →
   * confirmed again); `missing`: the server no longer has it, and only the person sends it again
   * (**Send again**), never the sender by itself.
   */
  | { code: 'restored'; confirmedAt: number; answer: 'unchecked' | 'missing'; retry: Retry };

export type WaitingWhy = 'retries-exhausted' | 'sign-in' | 'server-problem';

export interface QueuedState {
  kind: 'queued';
  retry: Retry;
}
export interface SendingState {
  kind: 'sending';
  attemptId: string;
  since: number;
  retry: Retry;
}
export interface UnknownState {
  kind: 'unknown';
  /** When the outcome first became unknown (kept across retries). */
  since: number;
  retry: Retry;
  /**
   * The status endpoint answered "not yet" since the last resend: resend next, whatever this
   * device's clock says about the deadline (the server's clock is the one that counts).
   */
  notYet: boolean;
}
export interface ReviewState {
  kind: 'review';
  since: number;
  reason: ReviewReason;
}
export interface CheckingState {
  kind: 'checking';
  attemptId: string;
  since: number;
  via: 'resend' | 'status';
  /** Where a check that gets no final answer returns to. */
  prior: UnknownState | ReviewState;
}
export interface WaitingState {
  kind: 'waiting';
  since: number;
  why: WaitingWhy;
  /** Some attempt may have reached the server (so the next round resends as `unknown`). */
  uncertain: boolean;
  detail: string | null;
}
export interface FinishingState {
  kind: 'finishing';
  receipt: Receipt;
  localWriteFailed: boolean;
}
export interface ConfirmedState {
  kind: 'confirmed';
  since: number;
}
export interface RejectedState {
  kind: 'rejected';
  since: number;
  reason: ReasonCode | null;
}
export interface ExpiredState {
  kind: 'expired';
  since: number;
}
export interface NotAppliedState {
  kind: 'not-applied';
  since: number;
}

export type OpState =
  | QueuedState
  | SendingState
  | UnknownState
  | CheckingState
  | WaitingState
  | FinishingState
  | ConfirmedState
  | RejectedState
  | ReviewState
  | ExpiredState
  | NotAppliedState;

/** `finishing` only lives while the local transaction runs; it is never written to storage. */
export type StoredOpState = Exclude<OpState, FinishingState>;

export type OpEvent =
  | { type: 'send-started'; attemptId: string; at: number }
  | { type: 'status-started'; attemptId: string; at: number }
  /** Timeout, dropped connection, 502/504 or an unreadable 2xx: the attempt may have landed. */
  | { type: 'no-answer'; attemptId: string; at: number; jitter: number }
  /** 503/429: refused before any work; honour Retry-After. */
  | {
      type: 'not-accepted';
      attemptId: string;
      at: number;
      jitter: number;
      retryAfterMs: number | null;
    }
  | { type: 'receipt'; receipt: Receipt }
  | { type: 'stored'; at: number }
  | { type: 'local-write-failed' }
  | {
      type: 'refused';
      attemptId: string;
      at: number;
      httpStatus: number;
      problem: ProblemCode | null;
      detail: string;
    }
  | { type: 'expired'; attemptId: string; at: number }
  | {
      type: 'status-answer';
      attemptId: string;
      at: number;
      jitter: number;
      answer: 'not-yet' | 'never-applied' | 'forgotten';
    }
  | { type: 'sign-in-needed'; attemptId: string; at: number }
  | { type: 'server-problem'; attemptId: string; at: number; httpStatus: number; detail: string }
  /** Found in flight when this sender took the lock: whoever sent it is gone. */
  | { type: 'orphaned'; at: number }
  /** Online again, app start, visibility, sign-in, "Check and resend safely". */
  | { type: 'new-round'; at: number }
  /** "Check and resend safely" on this very operation (also sends imported work, and **Send again**). */
  | { type: 'resend-requested'; at: number }
  /** The server was restored from a backup that may lack this confirmed operation. */
  | { type: 'server-restored'; at: number; confirmedAt: number }
  /** The sender looks again by itself at resting work (recheck.ts): one attempt, then it rests. */
  | { type: 'recheck'; at: number };

export const PENDING_KINDS = [
  'queued',
  'sending',
  'unknown',
  'checking',
  'waiting',
  'finishing',
] as const satisfies readonly OpState['kind'][];
export type PendingKind = (typeof PENDING_KINDS)[number];

const PENDING = new Set<string>(PENDING_KINDS);

export function isPending(state: OpState): boolean {
  return PENDING.has(state.kind);
}

export function fresh(at: number): Retry {
  return { attempts: 0, notBefore: at };
}

export function initialState(at: number): QueuedState {
  return { kind: 'queued', retry: fresh(at) };
}

export function importedState(at: number): ReviewState {
  return {
    kind: 'review',
    since: at,
    reason: { code: 'imported', importedAt: at, answer: 'unchecked', retry: fresh(at) },
  };
}

/**
 * Review items the sender still asks the status endpoint about (read-only, so automatic):
 * an expired one until the answer is final, restored work until the first answer.
 */
export function awaitsStatus(state: OpState): state is ReviewState & {
  reason: Extract<ReviewReason, { retry: Retry }>;
} {
  if (state.kind !== 'review') return false;
  const r = state.reason;
  return (
    r.code === 'expired' ||
    (r.code === 'imported' && r.answer === 'unchecked') ||
    (r.code === 'restored' && r.answer === 'unchecked')
  );
}

/**
 * Resting work the sender checks again by itself. Waiting for sign-in is not: sending it needs a
 * session first, and signing in starts a new round.
 */
export function rechecked(state: OpState): state is WaitingState {
  return state.kind === 'waiting' && state.why !== 'sign-in';
}

export function eligible(retry: Retry, now: number, policy: BackoffPolicy): boolean {
  return retry.attempts < policy.maxAttempts && retry.notBefore <= now;
}

function failed(
  retry: Retry,
  at: number,
  jitter: number,
  policy: BackoffPolicy,
  floor: number | null,
) {
  const attempts = retry.attempts + 1;
  return { attempts, notBefore: at + retryDelay(attempts, jitter, policy, floor) };
}

/** After an attempt with no final answer: back off, or rest as `waiting` once the bound is reached. */
function backOff(
  from: UnknownState | QueuedState,
  at: number,
  jitter: number,
  policy: BackoffPolicy,
  retryAfterMs: number | null,
): OpState {
  const retry = failed(from.retry, at, jitter, policy, retryAfterMs);
  if (retry.attempts >= policy.maxAttempts) {
    return {
      kind: 'waiting',
      since: at,
      why: 'retries-exhausted',
      uncertain: from.kind === 'unknown',
      detail: null,
    };
  }
  return { ...from, retry };
}

/** A status check of a review item with no final answer: keep the review, back off the checks. */
function reviewBackOff(prior: ReviewState, at: number, jitter: number, policy: BackoffPolicy) {
  const reason = prior.reason;
  if (reason.code !== 'expired' && reason.code !== 'imported' && reason.code !== 'restored') {
    return prior;
  }
  return { ...prior, reason: { ...reason, retry: failed(reason.retry, at, jitter, policy, null) } };
}

/** What the attempt in flight was recovering from: the state a non-final answer returns to. */
function before(state: SendingState | CheckingState): UnknownState | QueuedState | ReviewState {
  return state.kind === 'sending' ? { kind: 'queued', retry: state.retry } : state.prior;
}

function inFlight(state: OpState, attemptId: string): state is SendingState | CheckingState {
  return (state.kind === 'sending' || state.kind === 'checking') && state.attemptId === attemptId;
}

/** Has this state already taken in a receipt (so a second one changes nothing)? */
function settledByReceipt(state: OpState): boolean {
  switch (state.kind) {
    case 'confirmed':
    case 'rejected':
    case 'finishing':
      return true;
    case 'review':
      return state.reason.code === 'receipt';
    case 'queued':
    case 'sending':
    case 'unknown':
    case 'checking':
    case 'waiting':
    case 'expired':
    case 'not-applied':
      return false;
    default:
      return assertNever(state);
  }
}

function afterReceipt(receipt: Receipt, at: number): StoredOpState {
  switch (receipt.outcome) {
    case 'applied':
      return { kind: 'confirmed', since: at };
    case 'rejected':
      return { kind: 'rejected', since: at, reason: receipt.reason };
    case 'review':
      return { kind: 'review', since: at, reason: { code: 'receipt', reason: receipt.reason } };
    default:
      return assertNever(receipt.outcome);
  }
}

/** Nothing to restart: no automatic attempt made, none delayed (the same state stays unwritten). */
function untouched(retry: Retry, at: number): boolean {
  return retry.attempts === 0 && retry.notBefore <= at;
}

/**
 * Whether a round's start (`orphaned`, `new-round`, `recheck`) may change this state in a round
 * that starts at `since` or later: every state but finished work and work untouched since
 * `since` (no attempt made, due by then). The sender's round start reads only such operations.
 */
export function mayRestart(state: OpState, since: number): boolean {
  // Resting work restarts; work in flight was left by a sender that is gone.
  if (state.kind === 'waiting' || state.kind === 'sending' || state.kind === 'checking') {
    return true;
  }
  const retry = automaticRetry(state);
  return retry !== null && !untouched(retry, since);
}

/**
 * The automatic attempts of work the sender goes on with by itself (queued, unknown, or awaiting a
 * status answer); none for any other state.
 */
export function automaticRetry(state: OpState): Retry | null {
  if (state.kind === 'queued' || state.kind === 'unknown') return state.retry;
  return awaitsStatus(state) ? state.reason.retry : null;
}

/** Restart the automatic attempts of a resting or backing-off operation. */
function restart(state: OpState, at: number): OpState {
  switch (state.kind) {
    case 'waiting':
      return state.uncertain
        ? { kind: 'unknown', since: state.since, retry: fresh(at), notYet: false }
        : { kind: 'queued', retry: fresh(at) };
    case 'queued':
    case 'unknown':
      return untouched(state.retry, at) ? state : { ...state, retry: fresh(at) };
    case 'review':
      return awaitsStatus(state) && !untouched(state.reason.retry, at)
        ? { ...state, reason: { ...state.reason, retry: fresh(at) } }
        : state;
    case 'sending':
    case 'checking':
    case 'finishing':
    case 'confirmed':
    case 'rejected':
    case 'expired':
    case 'not-applied':
      return state;
    default:
      return assertNever(state);
  }
}

export function next(state: OpState, event: OpEvent, policy: BackoffPolicy): OpState {
  switch (event.type) {
    case 'send-started':
      if (state.kind === 'queued') {
        return { kind: 'sending', attemptId: event.attemptId, since: event.at, retry: state.retry };
      }
      if (state.kind === 'unknown') {
        return {
          kind: 'checking',
          attemptId: event.attemptId,
          since: event.at,
          via: 'resend',
          prior: state,
        };
      }
      return state;
    case 'status-started':
      if (state.kind === 'unknown' || awaitsStatus(state)) {
        return {
          kind: 'checking',
          attemptId: event.attemptId,
          since: event.at,
          via: 'status',
          prior: state,
        };
      }
      return state;
    case 'no-answer': {
      if (!inFlight(state, event.attemptId)) return state;
      const from = before(state);
      if (from.kind === 'review') return reviewBackOff(from, event.at, event.jitter, policy);
      const unknown: UnknownState =
        from.kind === 'unknown'
          ? { ...from, notYet: false }
          : { kind: 'unknown', since: event.at, retry: from.retry, notYet: false };
      return backOff(unknown, event.at, event.jitter, policy, null);
    }
    case 'not-accepted': {
      if (!inFlight(state, event.attemptId)) return state;
      const from = before(state);
      if (from.kind === 'review') return reviewBackOff(from, event.at, event.jitter, policy);
      return backOff(from, event.at, event.jitter, policy, event.retryAfterMs);
    }
    case 'receipt':
      return settledByReceipt(state)
        ? state
        : { kind: 'finishing', receipt: event.receipt, localWriteFailed: false };
    case 'stored':
      return state.kind === 'finishing' ? afterReceipt(state.receipt, event.at) : state;
    case 'local-write-failed':
      return state.kind === 'finishing' ? { ...state, localWriteFailed: true } : state;
    case 'refused':
      if (!inFlight(state, event.attemptId)) return state;
      return {
        kind: 'review',
        since: event.at,
        reason: {
          code: 'refused',
          httpStatus: event.httpStatus,
          problem: event.problem,
          detail: event.detail,
        },
      };
    case 'expired':
      if (!inFlight(state, event.attemptId)) return state;
      return {
        kind: 'review',
        since: event.at,
        reason: { code: 'expired', answer: 'unchecked', retry: fresh(event.at) },
      };
    case 'status-answer': {
      if (!inFlight(state, event.attemptId) || state.kind !== 'checking') return state;
      const prior = state.prior;
      if (prior.kind === 'review' && prior.reason.code === 'restored') {
        // Not processed, whatever else the server says: the restored server lacks it. Final: the
        // person decides (Send again), nothing is sent by itself.
        return { ...prior, reason: { ...prior.reason, answer: 'missing' } };
      }
      switch (event.answer) {
        case 'never-applied':
          return { kind: 'not-applied', since: event.at };
        case 'forgotten':
          return { kind: 'expired', since: event.at };
        case 'not-yet': {
          // Not processed, and "resending the same id is safe": resend now (it counts as an attempt).
          if (prior.kind === 'unknown') {
            const next = backOff(prior, event.at, 0, policy, null);
            return next.kind === 'unknown' ? { ...next, notYet: true } : next;
          }
          const answered = reviewBackOff(prior, event.at, event.jitter, policy);
          const r = answered.reason;
          return r.code === 'expired' || r.code === 'imported'
            ? { ...answered, reason: { ...r, answer: 'not-yet' } }
            : answered;
        }
        default:
          return assertNever(event.answer);
      }
    }
    case 'sign-in-needed': {
      if (!inFlight(state, event.attemptId)) return state;
      const from = before(state);
      if (from.kind === 'review') return from;
      return {
        kind: 'waiting',
        since: event.at,
        why: 'sign-in',
        uncertain: from.kind === 'unknown',
        detail: null,
      };
    }
    case 'server-problem': {
      if (!inFlight(state, event.attemptId)) return state;
      const from = before(state);
      if (from.kind === 'review') return from;
      // A 500 (or anything unexpected) proves nothing about the effect: keep it uncertain.
      return {
        kind: 'waiting',
        since: event.at,
        why: 'server-problem',
        uncertain: true,
        detail: event.detail,
      };
    }
    case 'orphaned':
      if (state.kind === 'sending')
        return {
          kind: 'unknown',
          since: event.at,
          retry: { ...state.retry, notBefore: event.at },
          notYet: false,
        };
      if (state.kind === 'checking') return state.prior;
      return state;
    case 'new-round':
      return restart(state, event.at);
    case 'resend-requested':
      if (
        state.kind === 'review' &&
        (state.reason.code === 'imported' ||
          (state.reason.code === 'restored' && state.reason.answer === 'missing'))
      ) {
        // The person asks to send restored work (or work a restored server lost): the same id, as
        // an uncertain one (a replay and a first application are both fine answers).
        return { kind: 'unknown', since: event.at, retry: fresh(event.at), notYet: false };
      }
      return restart(state, event.at);
    case 'server-restored':
      return state.kind === 'confirmed'
        ? {
            kind: 'review',
            since: event.at,
            reason: {
              code: 'restored',
              confirmedAt: event.confirmedAt,
              answer: 'unchecked',
              retry: fresh(event.at),
            },
          }
        : state;
    case 'recheck': {
      if (!rechecked(state)) return state;
      // The last automatic attempt of a round: no answer puts it back to rest at once.
      const retry = { attempts: Math.max(0, policy.maxAttempts - 1), notBefore: event.at };
      return state.uncertain
        ? { kind: 'unknown', since: state.since, retry, notYet: false }
        : { kind: 'queued', retry };
    }
    default:
      return assertNever(event);
  }
}
