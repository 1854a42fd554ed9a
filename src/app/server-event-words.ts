/**
 * The server's side of an operation's timeline in words: no raw event codes on screen.
 * Pure; every event kind and refusal code has words (exhaustive switch, complete catalogue record).
 */
import type { ProblemCode, TimelineEvent } from '../protocol/schemas';
import type { Format } from './format';
import type { Messages } from './i18n/en';
import { testerText } from './tester-words';
import { assertNever } from '../protocol/assert-never';

export interface ServerEventWords {
  /** Why the server refused, after "Refused: ". */
  refusal: (code: ProblemCode | undefined) => string;
  /** A stored receipt's effect: "−2 applied, quantity 40", "rejected (stock would go below zero)…". */
  result: (result: NonNullable<TimelineEvent['result']>) => string;
  /** One server event, with `attempt` the attempt's short name ("attempt 2"). */
  event: (event: TimelineEvent, attempt: string) => string;
}

/** The server's events in the person's language: words from `t`, numbers from `format`. */
export function serverEventWords(t: Messages, format: Format): ServerEventWords {
  const words = t.tester.server;
  const duration = testerText(t.tester.fault, format.count).duration;
  const refusal = (code: ProblemCode | undefined): string => words.refusal[code ?? 'none'];
  const result = (r: NonNullable<TimelineEvent['result']>): string => {
    const reason =
      r.reason === null
        ? null
        : t.operations.reason.rejected({ kind: 'rejected', reason: r.reason });
    const quantity =
      r.resultingQuantity === null ? '' : words.quantity(format.count(r.resultingQuantity));
    switch (r.outcome) {
      case 'applied':
        return words.applied(format.delta(r.delta), quantity);
      case 'rejected':
        return words.rejected(reason);
      case 'review':
        return words.review(reason, quantity);
      default:
        return assertNever(r.outcome);
    }
  };
  const event = (e: TimelineEvent, attempt: string): string => {
    switch (e.event) {
      case 'attempt-received':
        return e.resent === true ? words.resent(attempt) : words.received(attempt);
      case 'request-dropped':
        return words.dropped;
      case 'delayed':
        return words.delayed(duration(e.delayMs ?? 0));
      case 'accepted':
        return words.accepted;
      case 'committed':
        return e.result ? words.committedResult(result(e.result)) : words.committed;
      case 'replay-returned':
        return e.result ? words.replayedResult(result(e.result)) : words.replayed;
      case 'refused':
        return e.fault === 'unavailable' ? words.refusedOnPurpose : words.refused(refusal(e.code));
      case 'rolled-back':
        return words.rolledBack;
      case 'response-sent':
        return words.replySent;
      case 'response-dropped':
        return words.replyDropped;
      default:
        return assertNever(e.event);
    }
  };
  return { refusal, result, event };
}
