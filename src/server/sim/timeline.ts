/**
 * The server side of an operation's story, for testers: attempt received (or received again),
 * accepted, committed, response sent or dropped, replay returned, refused. Kept per (user,
 * operation), bounded: at most 10,000 operations of 100 events, each id of the operation id shape.
 */
import { OperationId, Receipt, type TimelineEvent } from '../../protocol/schemas';
import type { Clock } from '../clock';

const MAX_OPERATIONS = 10_000;
const MAX_EVENTS = 100;

/** What the caller knows of an event; the time, and whether an attempt is a resend, are added here. */
export type TimelineFact = Omit<TimelineEvent, 'at' | 'attemptId' | 'resent' | 'result'> & {
  /** The stored receipt's bytes, for `committed` and `replay-returned`. */
  receipt?: string;
};

/** The receipt's effect, for the words "Committed: −2 applied, quantity 40". */
function resultOf(receipt: string | undefined): TimelineEvent['result'] {
  if (receipt === undefined) return undefined;
  let parsed: ReturnType<typeof Receipt.safeParse>;
  try {
    parsed = Receipt.safeParse(JSON.parse(receipt));
  } catch {
    return undefined;
  }
  if (!parsed.success) return undefined;
  const { outcome, reason, delta, resultingQuantity } = parsed.data;
  return { outcome, reason, delta, resultingQuantity };
}

export class Timeline {
  private readonly events = new Map<string, TimelineEvent[]>();

  constructor(private readonly clock: Clock) {}

  record(userId: string, operationId: string, attemptId: string, fact: TimelineFact): void {
    // Only ids of the operation id shape (at most 75 characters): whatever else a request calls
    // its id is refused anyway, and keeping it would let anyone signed in grow this map by
    // megabytes per request (a body of 1 MiB is one id).
    if (!OperationId.safeParse(operationId).success) return;
    const key = `${userId} ${operationId}`;
    let list = this.events.get(key);
    if (!list) {
      if (this.events.size >= MAX_OPERATIONS) {
        const oldest = this.events.keys().next().value;
        if (oldest !== undefined) this.events.delete(oldest);
      }
      list = [];
      this.events.set(key, list);
    }
    if (list.length >= MAX_EVENTS) list.shift();
    const { receipt, ...rest } = fact;
    const event: TimelineEvent = {
      at: new Date(this.clock.now()).toISOString(),
      attemptId,
      ...rest,
    };
    // The same attempt id arriving again is the browser repeating the request by itself
    // (Chromium does when a kept-alive connection closes before any reply byte).
    if (
      fact.event === 'attempt-received' &&
      list.some((e) => e.event === 'attempt-received' && e.attemptId === attemptId)
    ) {
      event.resent = true;
    }
    const result = resultOf(receipt);
    if (result) event.result = result;
    list.push(event);
  }

  get(userId: string, operationId: string): TimelineEvent[] {
    return [...(this.events.get(`${userId} ${operationId}`) ?? [])];
  }
}
