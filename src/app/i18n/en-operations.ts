/** English words for operations: docs/client.md#states-and-their-words, exactly. */
import type { OperationState } from '../../client/facade';
import type { ADJUST_REASONS, ReasonCode } from '../../protocol/schemas';
import type { ExplanationWords, ReasonWords, SummaryCase } from './operation-case';
import { pluralRules } from './plural';
import { summarize } from '../../client/core/summary';

const plural = pluralRules('en');

/** The receipt's reason, in words: after "Rejected: " or "Needs review: ". */
const receiptReasons: Record<ReasonCode, string> = {
  'unknown-item': 'the item does not exist on the server',
  'duplicate-item': 'an item with this ID, SKU or barcode already exists',
  'would-go-negative': 'stock would go below zero',
  'stale-count': 'the count was based on old stock',
  'stale-edit': 'changed by someone else since you opened it',
  'archived-item': 'the item is archived',
  'not-allowed': 'your role may not make this change',
  'unknown-place': 'the place does not exist on the server',
  'duplicate-place': 'a place with this ID already exists',
  'archived-place': 'the place is archived',
  'place-not-empty': 'the place still holds stock',
  'main-place': 'the main place cannot be archived',
  'unknown-stocktake': 'the stock-take does not exist on the server',
  'duplicate-stocktake': 'a stock-take with this ID already exists',
  'stocktake-closed': 'the stock-take is no longer open',
  'not-in-stocktake': 'the item is not part of this stock-take',
};

/** The state labels of docs/client.md#states-and-their-words: people and the browser tests find them exactly. */
const stateWords: Record<OperationState, string> = {
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
};

const reasons: ReasonWords = {
  rejected: (r) => (r.reason === null ? 'the server refused it' : receiptReasons[r.reason]),
  review: (r) => (r.reason === null ? 'the server asked for a review' : receiptReasons[r.reason]),
  expired: () => 'it reached the server after its deadline, so the server did not apply it',
  'key-reused': () => 'the server already holds different content under this operation’s identity',
  'identity-refused': () => 'the server did not accept this device’s operation identity',
  'content-refused': (r) => `the server could not accept its content (${r.detail})`,
  imported: (r) => `restored from a backup; made ${r.age}, the server may no longer remember it`,
  // docs/client.md#after-a-server-restore, exactly.
  restored: (r) =>
    `Confirmed on ${r.when}, but the server was restored from an earlier backup and no longer has this change.`,
};

const explanations: ExplanationWords = {
  // docs/client.md#states-and-their-words: the unknown outcome's words, exactly.
  'no-result': (_, f) =>
    `No result was received for "${f.summary}". The change may already be confirmed. ` +
    'Stockroom uses the same operation identity, so checking again cannot apply it twice.',
  'sign-in': () =>
    'Sign in again to send it. It keeps its identity, so nothing can be applied twice.',
  'server-problem': (e, f) =>
    `The server could not handle it just now${e.detail ? ` (${e.detail})` : ''}. ` +
    `It is stored on this device; checking again uses the same identity.${
      f.nextCheck === null ? '' : ` Next check by itself at ${f.nextCheck}.`
    }`,
  'retries-paused': (_, f) =>
    f.nextCheck === null
      ? 'Automatic retries are paused; nothing is lost. It is sent again when the device is back online, or with "Check and resend safely".'
      : `Automatic retries are paused; nothing is lost. Stockroom checks again by itself at ${f.nextCheck}, or at once with "Check and resend safely".`,
  'local-write-failed': () =>
    'The server has the result, but this device could not store it yet. Checking again is safe: the server returns the same result.',
  'imported-not-yet': () =>
    'The server has no record of it yet. Sending it now uses the same identity, so it cannot be applied twice.',
  'imported-asking': () =>
    'Restored from a backup. Stockroom asks the server whether it already has it before anything is sent.',
  'restore-asking': () =>
    'The server was restored from a backup. Stockroom asks it whether it still has this change; nothing is sent by itself.',
  'restore-missing': () =>
    'Send it again only if the change is still right: it keeps its identity, so the server applies it at most once. Past its deadline the server refuses it, and you can enter it again as new.',
  'expired-review': () =>
    "Check the item's history to see whether the change is there, then enter it again if needed.",
  expired: () =>
    "The server can no longer tell whether this change was applied. Check the item's history before entering it again.",
  'not-applied': () =>
    'The server confirmed this change never was and never will be applied. It is safe to enter it again.',
  'not-applied-late': (_, f) =>
    `The server's clock had already passed this change's deadline (${f.deadline}), so it was never applied and never will be. This device has taken a new deadline from the server: changes made now go through. It is safe to enter this one again.`,
};

/**
 * What the person decided: "Remove 2 from Desk lamp" (docs/client.md#states-and-their-words). The
 * core's English summary (core/summary.ts), which a reversal's note quotes, so both read the same.
 */
function summary(c: SummaryCase): string {
  return summarize(c.op, c.itemName, c.count);
}

export const enOperations = {
  state: stateWords,
  finishingLocal: 'Server result found; local storage needs attention',
  withReason: (state: string, reason: string) => `${state}: ${reason}`,
  reason: reasons,
  explanation: explanations,
  summary,
  /** A reversal is labelled as one, by the change it undoes: "Reverses: Remove 2 from …". */
  reverses: (original: string): string => `Reverses: ${original}`,
  whatToCheck: {
    'would-go-negative':
      'The stock would have gone below zero. Count the shelf; if the change is right, enter it again as new.',
    'stale-count':
      'The stock changed after this count was started. Count again, then enter the new count.',
    'unknown-item':
      'The server does not know this item. Check the item list before entering the change again.',
    'duplicate-item':
      'An item with this ID, SKU or barcode already exists. Check the item list, then enter it again with other codes.',
    'stale-edit':
      'Someone else changed the same details after this edit was started. Open the item, check its details, then edit again.',
    'archived-item':
      'The item was archived, so stock changes to it are refused. Ask a manager if it should come back.',
    'not-allowed': 'Your role may not make this kind of change. Ask a manager to make it.',
    'unknown-place':
      'The server does not know this place. Check the places in Settings before entering the change again.',
    'duplicate-place': 'A place with this ID already exists. Check the places in Settings.',
    'archived-place':
      'The place was archived, so stock changes there are refused. Choose another place.',
    'place-not-empty':
      'The place still holds stock. Move its stock to another place first, then archive it.',
    'main-place': 'The main place can be renamed, but never archived.',
    'unknown-stocktake':
      'The server does not know this stock-take. Open Stock-takes and check which one is open.',
    'duplicate-stocktake':
      'A stock-take with this ID already exists. Start the stock-take again as new.',
    'stocktake-closed':
      'The stock-take was already applied or cancelled; this count no longer counts.',
    'not-in-stocktake':
      'This item is not part of this stock-take. Check which items are left to count.',
    none: "Check the item's history, then enter the change again as new or discard it.",
  } satisfies Record<ReasonCode | 'none', string>,
  detail: {
    checkAndResend: 'Check and resend safely',
    /** spec/client.md "After a server restore": the same id, applied at most once. */
    sendAgain: 'Send again',
    stillNoAnswer: 'Still no answer; it stays stored on this device',
    stillNoAnswerUntil: (time: string) => `Still no answer; checking again at ${time}`,
    discarded: (moment: string, note: string) => `You discarded it ${moment}: “${note}”.`,
    enteredAgain: (moment: string) => `You entered it again as a new change ${moment}:`,
    openNewChange: 'open the new change',
    back: 'Back to Activity',
    details: 'Details',
    /** Ids, receipts, attempts, HTTP codes and server phases: one tap away (open for managers). */
    technical: 'Technical details',
    item: 'Item',
    operationId: 'Operation id',
    saved: 'Saved',
    savedBy: (moment: string, age: string, user: string, imported: boolean) =>
      `${moment} (${age}) by ${user}${imported ? ', restored from a backup' : ''}`,
    deadline: 'Must reach the server by',
    nextCheck: 'Next automatic check',
    receipt: 'Server receipt',
    receiptText: (outcome: string, reason: string | null, moment: string) =>
      `${outcome}${reason === null ? '' : ` (${reason})`}, recorded ${moment}`,
    receiptQuantity: (quantity: string) => `; quantity after it ${quantity}`,
    receiptRevision: (revision: string) => `, revision ${revision}`,
    staleHeading: 'Counted against newer stock',
    /** What changed since the count was made, from the item's history (no revision numbers). */
    staleSince: 'Since this count was made:',
    staleUnknown: 'The stock changed since this count; what changed is on the server.',
    staleMore: (more: string) => `and ${more} more changes`,
    staleAdvice: 'Check the shelf again before entering it again as new.',
    /** One journal entry: who, what, and the time of day (24-hour). */
    staleChange: {
      sold: (user: string, amount: string, _signed: string, time: string) =>
        `${user} sold ${amount} at ${time}`,
      received: (user: string, amount: string, _signed: string, time: string) =>
        `${user} received ${amount} at ${time}`,
      damaged: (user: string, amount: string, _signed: string, time: string) =>
        `${user} wrote off ${amount} as damaged at ${time}`,
      returned: (user: string, amount: string, _signed: string, time: string) =>
        `${user} took back ${amount} returned at ${time}`,
      correction: (user: string, _amount: string, signed: string, time: string) =>
        `${user} corrected the stock by ${signed} at ${time}`,
      transfer: (user: string, _amount: string, signed: string, time: string) =>
        `${user} transferred ${signed} at ${time}`,
      other: (user: string, what: string, signed: string, time: string) =>
        `${user}: ${what} ${signed} at ${time}`,
    } satisfies Record<
      (typeof ADJUST_REASONS)[number] | 'other',
      (user: string, amount: string, signed: string, time: string) => string
    >,
    /** In Technical details only: the revisions the server compared. */
    staleRevisions: (based: string, now: string | null) =>
      `Counted against revision ${based}${now === null ? '' : `; the item is now at revision ${now}`}`,
    attempts: 'Attempts',
    noAttempt: 'No attempt yet: this change has provably not left the device.',
    sent: (time: string) => `Sent ${time}`,
    endedAt: (outcome: string, time: string) => `${outcome} at ${time}`,
    phases: (phases: string) => `Server phases: ${phases}`,
  },
  attempt: {
    pending: 'Waiting for a response',
    response: (status: string) => `Response received (HTTP ${status})`,
    timeout: 'Timed out: no response arrived',
    networkError: 'Connection lost: no response arrived',
    httpError: (status: string) => `Server answered HTTP ${status}`,
    /** Short names in order: "attempt 2", "status question 1" (lower case, for inside a sentence). */
    name: (kind: 'send' | 'status', n: string) =>
      kind === 'status' ? `status question ${n}` : `attempt ${n}`,
    anAttempt: 'an attempt',
    explained: (sends: number, shown: string) =>
      sends === 0
        ? 'One change, not sent yet.'
        : `One change, ${plural(sends, 'one attempt', `${shown} attempts`)}; the change's identity never changes, so the server applies it at most once.`,
    idsExplained: (length: number, example: string) =>
      `Each attempt is one try over the network with an id of its own (sent as X-Request-Id), shown by its last ${length} characters, like ${example}.`,
  },
};
