/** An attempt's ending in words. A missing response is never called a failure. Pure. */
import type { AttemptView } from '../client/facade';
import type { TimelineEvent } from '../protocol/schemas';

export function attemptOutcomeText(attempt: AttemptView): string {
  switch (attempt.result) {
    case 'pending':
      return 'Waiting for a response';
    case 'response':
      return `Response received (HTTP ${attempt.httpStatus ?? '?'})`;
    case 'timeout':
      return 'Timed out: no response arrived';
    case 'network-error':
      return 'Connection lost: no response arrived';
    case 'http-error':
      return `Server answered HTTP ${attempt.httpStatus ?? '?'}`;
    default: {
      const never: never = attempt.result;
      throw new Error(`unhandled attempt result ${String(never)}`);
    }
  }
}

/** A send of the operation itself, or a read-only question about its status. */
export function attemptKindText(attempt: AttemptView): string {
  return attempt.kind === 'status' ? 'Status question' : 'Attempt';
}

export type TimelineSide = 'device' | 'server';

export interface TimelineRow {
  at: string;
  side: TimelineSide;
  attemptId: string;
  text: string;
}

/** The device's attempts and the server's events of one operation, in time order. */
export function mergeTimeline(
  attempts: readonly AttemptView[],
  serverEvents: readonly TimelineEvent[],
): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (const a of attempts) {
    const text = `${attemptKindText(a)} sent`;
    rows.push({ at: a.sentAt, side: 'device', attemptId: a.attemptId, text });
    if (a.endedAt) {
      rows.push({
        at: a.endedAt,
        side: 'device',
        attemptId: a.attemptId,
        text: attemptOutcomeText(a),
      });
    }
  }
  for (const e of serverEvents) {
    const text = e.detail ? `${e.event}: ${e.detail}` : e.event;
    rows.push({ at: e.at, side: 'server', attemptId: e.attemptId, text });
  }
  // Stable sort: at equal times the device's row (sent) stays before the server's (received).
  return rows.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** Rows grouped by minute ("14:03"), for the minute-by-minute view. */
export function byMinute(
  rows: readonly TimelineRow[],
  minuteOf: (iso: string) => string,
): [string, TimelineRow[]][] {
  const groups: [string, TimelineRow[]][] = [];
  for (const row of rows) {
    const minute = minuteOf(row.at);
    const last = groups[groups.length - 1];
    if (last && last[0] === minute) last[1].push(row);
    else groups.push([minute, [row]]);
  }
  return groups;
}
