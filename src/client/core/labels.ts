/**
 * Why an operation is where it is, as typed values: why it was rejected or needs review
 * (`OperationReason`), and what the detail view explains (`Explanation`). The words people see for
 * them (docs/client.md#states-and-their-words) live only in the app's catalogues (src/app/i18n), which
 * word every kind in every language. Nothing that may have been sent is ever called failed.
 */
import type { OperationReason, Explanation } from './views';
import type { OpState, ReviewReason } from './operation-state';
import { assertNever } from '../../protocol/assert-never';

/** A confirmed operation a restored server is being asked about: it shows as being checked. */
export function restoreUnchecked(state: OpState): boolean {
  return (
    state.kind === 'review' &&
    state.reason.code === 'restored' &&
    state.reason.answer === 'unchecked'
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

function reviewReason(reason: ReviewReason): OperationReason {
  switch (reason.code) {
    case 'receipt':
      return { kind: 'review', reason: reason.reason };
    case 'expired':
      return { kind: 'expired' };
    case 'refused':
      if (reason.problem === 'key-reused') return { kind: 'key-reused' };
      if (reason.problem === 'invalid-operation-metadata') return { kind: 'identity-refused' };
      return { kind: 'content-refused', detail: reason.detail };
    case 'imported':
      return { kind: 'imported' };
    case 'restored':
      return { kind: 'restored', confirmedAt: iso(reason.confirmedAt) };
    default:
      return assertNever(reason);
  }
}

/** Why it needs review / was rejected; null for the other states (and a restore being checked). */
export function operationReason(state: OpState): OperationReason | null {
  if (state.kind === 'rejected') return { kind: 'rejected', reason: state.reason };
  if (state.kind === 'review' && !restoreUnchecked(state)) return reviewReason(state.reason);
  return null;
}

/** What the detail view explains for a review reason, if anything. */
function reviewExplanation(reason: ReviewReason): Explanation | null {
  switch (reason.code) {
    case 'imported':
      return { kind: reason.answer === 'not-yet' ? 'imported-not-yet' : 'imported-asking' };
    case 'restored':
      return { kind: reason.answer === 'unchecked' ? 'restore-asking' : 'restore-missing' };
    case 'expired':
      return { kind: 'expired-review' };
    case 'receipt':
    case 'refused':
      return null;
    default:
      return assertNever(reason);
  }
}

/** The detail view's longer text, where the state deserves one, as a kind with its facts. */
export function explanationOf(state: OpState): Explanation | null {
  switch (state.kind) {
    case 'unknown':
      return { kind: 'no-result' };
    case 'checking':
      // A check of work in review (restored from a backup, expired) is no lost answer: it is
      // explained as the review it came from.
      return state.prior.kind === 'review'
        ? reviewExplanation(state.prior.reason)
        : { kind: 'no-result' };
    case 'waiting':
      switch (state.why) {
        case 'sign-in':
          return { kind: 'sign-in' };
        case 'server-problem':
          return { kind: 'server-problem', detail: state.detail };
        case 'retries-exhausted':
          return { kind: 'retries-paused' };
        default:
          return assertNever(state.why);
      }
    case 'finishing':
      return state.localWriteFailed ? { kind: 'local-write-failed' } : null;
    case 'review':
      return reviewExplanation(state.reason);
    case 'expired':
      return { kind: 'expired' };
    case 'not-applied':
      return { kind: 'not-applied' };
    case 'queued':
    case 'sending':
    case 'confirmed':
    case 'rejected':
      return null;
    default:
      return assertNever(state);
  }
}
