/**
 * The server's side of an operation's timeline in words (issue 15): no raw event codes on screen.
 * Pure; every event kind and refusal code has words (exhaustive switches).
 */
import { RECEIPT_REASON_WORDS } from '../client/core/labels';
import type { ProblemCode, TimelineEvent } from '../protocol/schemas';
import { formatCount, formatDelta } from './format';
import { en } from './i18n/en';
import { testerText } from './tester-words';
import { assertNever } from '../protocol/assert-never';

const durationText = testerText(en.tester.fault, formatCount).duration;

/** Why the server refused, after "Refused: ". */
export function refusalText(code: ProblemCode | undefined): string {
  if (code === undefined) return 'no reason given';
  switch (code) {
    case 'operation-expired':
      return 'past its deadline; nothing applied';
    case 'overloaded':
      return 'too busy to start it; nothing applied';
    case 'key-reused':
      return 'this id was already used for a different change; the original stands';
    case 'invalid-operation-metadata':
      return 'its lease does not fit this operation';
    case 'invalid-request':
      return 'the request was malformed';
    case 'unauthorized':
      return 'not signed in';
    case 'forbidden':
      return 'not allowed for this role';
    case 'not-found':
      return 'nothing found';
    case 'unsupported-media-type':
      return 'not sent as JSON';
    case 'payload-too-large':
      return 'the request was too large';
    case 'headers-too-large':
      return 'the request headers were too large';
    case 'request-timeout':
      return 'the request arrived too slowly';
    case 'rate-limited':
      return 'too many attempts; asked to wait';
    case 'internal-error':
      return 'something broke on the server';
    default:
      return assertNever(code);
  }
}

/** A stored receipt's effect: "−2 applied, quantity 40", "rejected: stock would go below zero". */
export function resultText(result: NonNullable<TimelineEvent['result']>): string {
  const reason = result.reason === null ? null : RECEIPT_REASON_WORDS[result.reason];
  const quantity =
    result.resultingQuantity === null ? '' : `, quantity ${formatCount(result.resultingQuantity)}`;
  switch (result.outcome) {
    case 'applied':
      return `${formatDelta(result.delta)} applied${quantity}`;
    case 'rejected':
      return `rejected${reason === null ? '' : ` (${reason})`}; nothing applied`;
    case 'review':
      return `kept for review${reason === null ? '' : ` (${reason})`}${quantity}`;
    default:
      return assertNever(result.outcome);
  }
}

/** One server event, with `attempt` the attempt's short name ("attempt 2"). */
export function serverEventText(event: TimelineEvent, attempt: string): string {
  switch (event.event) {
    case 'attempt-received':
      return event.resent === true
        ? `The browser resent ${attempt} by itself (the same attempt, received again)`
        : `The server received ${attempt}`;
    case 'request-dropped':
      return 'The request was dropped on purpose before any processing; nothing applied';
    case 'delayed':
      return `Held on purpose for ${durationText(event.delayMs ?? 0)} before processing`;
    case 'accepted':
      return 'Checks passed; applying it in one transaction';
    case 'committed':
      return event.result ? `Committed: ${resultText(event.result)}` : 'Committed';
    case 'replay-returned':
      return event.result
        ? `Replayed the stored receipt (${resultText(event.result)}); nothing applied again`
        : 'Replayed the stored receipt; nothing applied again';
    case 'refused':
      return event.fault === 'unavailable'
        ? 'Refused on purpose: server unavailable; nothing applied'
        : `Refused: ${refusalText(event.code)}`;
    case 'rolled-back':
      return 'Rolled back on purpose before commit; nothing applied';
    case 'response-sent':
      return 'Reply sent';
    case 'response-dropped':
      return 'The reply was dropped on purpose';
    default:
      return assertNever(event.event);
  }
}
