/**
 * The words people see (docs/client.md#states-and-their-words). Exact strings:
 * screen readers and tests find operations by them. Nothing that may have been sent is ever
 * called failed or an error, nor offered as something to try again.
 */
import type { Op, ReasonCode } from '../../protocol/schemas';
import type { OpState, ReviewReason } from './operation-state';
import { assertNever } from '../../protocol/assert-never';
import { opItemId } from '../../protocol/op-item';

export const RECEIPT_REASON_WORDS: Record<ReasonCode, string> = {
  'unknown-item': 'the item does not exist on the server',
  'duplicate-item': 'an item with this ID, SKU or barcode already exists',
  'would-go-negative': 'stock would go below zero',
  'stale-count': 'the count was based on old stock',
  'stale-edit': 'changed by someone else since you opened it',
  'archived-item': 'the item is archived',
  'not-allowed': 'your role may not make this change',
  'unknown-place': 'the place does not exist on the server',
  'archived-place': 'the place is archived',
  'unknown-stocktake': 'the stock-take does not exist on the server',
  'duplicate-stocktake': 'a stock-take with this ID already exists',
  'stocktake-closed': 'the stock-take is no longer open',
  'not-in-stocktake': 'the item is not part of this stock-take',
};

const DAY = 86_400_000;

/** "today", "1 day", "9 days": coarse on purpose, it explains rather than measures. */
export function ageInWords(ms: number): string {
  const days = Math.floor(Math.max(0, ms) / DAY);
  if (days === 0) {
    const hours = Math.floor(Math.max(0, ms) / 3_600_000);
    return hours === 0 ? 'less than an hour' : hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return days === 1 ? '1 day' : `${days} days`;
}

/** "2 Dec 2026, 14:05": when a restored server's lost change was confirmed (the device's zone). */
export function confirmedMoment(ms: number): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(ms),
  );
}

/** docs/client.md#after-a-server-restore, exactly. */
export function restoredWords(confirmedAt: string): string {
  return `Confirmed on ${confirmedAt}, but the server was restored from an earlier backup and no longer has this change.`;
}

/** A confirmed operation a restored server is being asked about: it shows as being checked. */
export function restoreUnchecked(state: OpState): boolean {
  return (
    state.kind === 'review' &&
    state.reason.code === 'restored' &&
    state.reason.answer === 'unchecked'
  );
}

function reviewWords(reason: ReviewReason, createdAt: number, now: number): string {
  switch (reason.code) {
    case 'receipt':
      return reason.reason ? RECEIPT_REASON_WORDS[reason.reason] : 'the server asked for a review';
    case 'expired':
      return 'it reached the server after its deadline, so the server did not apply it';
    case 'refused':
      if (reason.problem === 'key-reused') {
        return 'the server already holds different content under this operation’s identity';
      }
      if (reason.problem === 'invalid-operation-metadata') {
        return 'the server did not accept this device’s operation identity';
      }
      return `the server could not accept its content (${reason.detail})`;
    case 'imported':
      return `restored from a backup; made ${ageInWords(now - createdAt)} ago, the server may no longer remember it`;
    case 'restored':
      return restoredWords(confirmedMoment(reason.confirmedAt));
    default:
      return assertNever(reason);
  }
}

/** Why it needs review / was rejected, in words; null for the other states. */
export function reasonText(state: OpState, createdAt: number, now: number): string | null {
  if (state.kind === 'rejected') {
    return state.reason ? RECEIPT_REASON_WORDS[state.reason] : 'the server refused it';
  }
  if (state.kind === 'review') return reviewWords(state.reason, createdAt, now);
  return null;
}

/** The words people see for each state (docs/client.md#states-and-their-words), before any
 * per-operation reason. */
export const STATE_WORDS = {
  queued: 'Saved on this device',
  sending: 'Sending…',
  unknown: 'Outcome unknown',
  checking: 'Checking outcome…',
  waiting: 'Stored · waiting to retry',
  finishing: 'Confirmed by server; finishing on this device',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  review: 'Needs review',
  expired: "Expired — check the item's history",
  'not-applied': 'Not applied — safe to enter again',
} as const satisfies Record<OpState['kind'], string>;

export function stateLabel(state: OpState, createdAt: number, now: number): string {
  switch (state.kind) {
    case 'finishing':
      return state.localWriteFailed
        ? 'Server result found; local storage needs attention'
        : STATE_WORDS.finishing;
    case 'rejected':
    case 'review':
      if (restoreUnchecked(state)) return STATE_WORDS.checking;
      return `${STATE_WORDS[state.kind]}: ${reasonText(state, createdAt, now) ?? ''}`;
    case 'queued':
    case 'sending':
    case 'unknown':
    case 'checking':
    case 'waiting':
    case 'confirmed':
    case 'expired':
    case 'not-applied':
      return STATE_WORDS[state.kind];
    default:
      return assertNever(state);
  }
}

/**
 * The longer text of an operation's detail view, where the state deserves one. `nextCheck`: when
 * resting work is checked again by itself, in words ("21:50"), if a check is planned.
 */
export function explanation(
  state: OpState,
  summary: string,
  nextCheck: string | null = null,
): string | null {
  switch (state.kind) {
    case 'unknown':
    case 'checking':
      return (
        `No result was received for "${summary}". The change may already be confirmed. ` +
        'Stockroom uses the same operation identity, so checking again cannot apply it twice.'
      );
    case 'waiting': {
      const again = nextCheck === null ? '' : ` Next check by itself at ${nextCheck}.`;
      switch (state.why) {
        case 'sign-in':
          return 'Sign in again to send it. It keeps its identity, so nothing can be applied twice.';
        case 'server-problem':
          return (
            `The server could not handle it just now${state.detail ? ` (${state.detail})` : ''}. ` +
            `It is stored on this device; checking again uses the same identity.${again}`
          );
        case 'retries-exhausted':
          return nextCheck === null
            ? 'Automatic retries are paused; nothing is lost. It is sent again when the device is back online, or with "Check and resend safely".'
            : `Automatic retries are paused; nothing is lost. Stockroom checks again by itself at ${nextCheck}, or at once with "Check and resend safely".`;
        default:
          return assertNever(state.why);
      }
    }
    case 'finishing':
      return state.localWriteFailed
        ? 'The server has the result, but this device could not store it yet. Checking again is safe: the server returns the same result.'
        : null;
    case 'review':
      if (state.reason.code === 'imported') {
        return state.reason.answer === 'not-yet'
          ? 'The server has no record of it yet. Sending it now uses the same identity, so it cannot be applied twice.'
          : 'Restored from a backup. Stockroom asks the server whether it already has it before anything is sent.';
      }
      if (state.reason.code === 'restored') {
        return state.reason.answer === 'unchecked'
          ? 'The server was restored from a backup. Stockroom asks it whether it still has this change; nothing is sent by itself.'
          : 'Send it again only if the change is still right: it keeps its identity, so the server applies it at most once. Past its deadline the server refuses it, and you can enter it again as new.';
      }
      if (state.reason.code === 'expired') {
        return "Check the item's history to see whether the change is there, then enter it again if needed.";
      }
      return null;
    case 'expired':
      return "The server can no longer tell whether this change was applied. Check the item's history before entering it again.";
    case 'not-applied':
      return 'The server confirmed this change never was and never will be applied. It is safe to enter it again.';
    case 'queued':
    case 'sending':
    case 'confirmed':
    case 'rejected':
      return null;
    default:
      return assertNever(state);
  }
}

/** What the person decided, in their words: "Remove 2 from Desk lamp". */
export function summarize(op: Op, itemName: string | null): string {
  const name = itemName ?? opItemId(op) ?? '';
  switch (op.type) {
    case 'adjust':
      return op.delta < 0 ? `Remove ${-op.delta} from ${name}` : `Add ${op.delta} to ${name}`;
    case 'count':
      return `Count ${name}: ${op.quantity}`;
    case 'createItem':
      return `Create ${op.name} with ${op.initialQuantity} on ${op.location}`;
    case 'updateItem':
      return `Edit ${name}`;
    case 'archiveItem':
      return `Archive ${name}`;
    case 'startStocktake':
      return `Start stock-take ${op.name}`;
    case 'stocktakeCount':
      return `Count ${name} for the stock-take: ${op.counted}`;
    case 'applyStocktake':
      return 'Apply stock-take';
    case 'cancelStocktake':
      return 'Cancel stock-take';
    default:
      return assertNever(op);
  }
}
