/**
 * The server side of an operation's story, for testers: attempt received, accepted, committed,
 * response sent or dropped, replay returned, refused. Kept per (user, operation), bounded.
 */
import type { TimelineEvent } from '../../protocol/schemas';
import type { Clock } from '../clock';

const MAX_OPERATIONS = 10_000;
const MAX_EVENTS = 100;

export class Timeline {
  private readonly events = new Map<string, TimelineEvent[]>();

  constructor(private readonly clock: Clock) {}

  record(
    userId: string,
    operationId: string,
    event: string,
    attemptId: string,
    detail?: string,
  ): void {
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
    const at = new Date(this.clock.now()).toISOString();
    list.push(detail === undefined ? { at, event, attemptId } : { at, event, attemptId, detail });
  }

  get(userId: string, operationId: string): TimelineEvent[] {
    return [...(this.events.get(`${userId} ${operationId}`) ?? [])];
  }
}
