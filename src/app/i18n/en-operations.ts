/** English words for operations: docs/client.md#states-and-their-words, exactly. */
import { RECEIPT_REASON_WORDS, STATE_WORDS, type OperationState } from '../../client/facade';
import type { ReasonCode } from '../../protocol/schemas';
import type { ExplainCase, ReasonCase, SummaryCase } from './operation-case';
import { assertNever } from '../../protocol/assert-never';

/** The client core's words, exactly as docs/client.md#states-and-their-words has them: one copy,
 * the core's (labels.ts). */
const receiptReasons: Record<ReasonCode, string> = RECEIPT_REASON_WORDS;
const stateWords: Record<OperationState, string> = STATE_WORDS;

export const enOperations = {
  state: stateWords,
  finishingLocal: 'Server result found; local storage needs attention',
  withReason: (state: string, reason: string) => `${state}: ${reason}`,
  rejectedReason: (reason: ReasonCode | null): string =>
    reason === null ? 'the server refused it' : receiptReasons[reason],
  reviewReason(c: ReasonCase): string {
    switch (c.kind) {
      case 'receipt':
        return c.reason === null ? 'the server asked for a review' : receiptReasons[c.reason];
      case 'imported':
        return (
          c.core ?? `restored from a backup; made ${c.age}, the server may no longer remember it`
        );
      case 'restored':
        return `Confirmed on ${c.when}, but the server was restored from an earlier backup and no longer has this change.`;
      case 'expired':
        return 'it reached the server after its deadline, so the server did not apply it';
      case 'refused':
        return c.core ?? 'the server could not accept its content';
      default:
        return assertNever(c);
    }
  },
  /** The core's sentences are the English source (docs/client.md#states-and-their-words: "No
   * result was received …"). */
  explanation: (c: ExplainCase): string | null =>
    c.state === 'not-applied' && c.lateDeadline !== null
      ? `The server's clock had already passed this change's deadline (${c.lateDeadline}), so it was never applied and never will be. This device has taken a new deadline from the server: changes made now go through. It is safe to enter this one again.`
      : c.core,
  summary: (c: SummaryCase): string => c.core,
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
    'archived-place':
      'The place was archived, so changes there are refused. Ask a manager if it should come back.',
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
    /** docs/client.md#after-a-server-restore: the same id, applied at most once. */
    sendAgain: 'Send again',
    stillNoAnswer: 'Still no answer; it stays stored on this device',
    stillNoAnswerUntil: (time: string) => `Still no answer; checking again at ${time}`,
    discarded: (moment: string, note: string) => `You discarded it ${moment}: “${note}”.`,
    enteredAgain: (moment: string) => `You entered it again as a new change ${moment}:`,
    openNewChange: 'open the new change',
    back: 'Back to Activity',
    details: 'Details',
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
    staleText: (based: string, now: string | null) =>
      `The count was based on revision ${based}${now === null ? '' : `; the item is now at revision ${now}`}. Check the shelf again before entering it again as new.`,
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
        : `One change, ${sends === 1 ? 'one attempt' : `${shown} attempts`}; the change's identity never changes, so the server applies it at most once.`,
    idsExplained: (length: number, example: string) =>
      `Each attempt is one try over the network with an id of its own (sent as X-Request-Id), shown by its last ${length} characters, like ${example}.`,
  },
};
