/** An attempt's ending in words. A missing response is never called a failure. Pure. */
import type { AttemptView } from '../client/facade';
import type { TimelineEvent } from '../protocol/schemas';
import type { Format } from './format';
import type { Messages } from './i18n/en';
import { serverEventWords } from './server-event-words';
import { assertNever } from '../protocol/assert-never';

type AttemptWords = Messages['operations']['attempt'];

export function attemptOutcomeText(attempt: AttemptView, words: AttemptWords): string {
  const status = String(attempt.httpStatus ?? '?');
  switch (attempt.result) {
    case 'pending':
      return words.pending;
    case 'response':
      return words.response(status);
    case 'timeout':
      return words.timeout;
    case 'network-error':
      return words.networkError;
    case 'http-error':
      return words.httpError(status);
    default:
      return assertNever(attempt.result);
  }
}

export type TimelineSide = 'device' | 'server';

export interface TimelineRow {
  at: string;
  side: TimelineSide;
  attemptId: string;
  text: string;
}

/**
 * Short names for attempt ids: the device's sends are "attempt 1, 2, 3" in order, its status
 * questions "status question 1, 2"; an id only the server saw gets the next attempt number.
 */
export function attemptNames(
  attempts: readonly AttemptView[],
  serverEvents: readonly TimelineEvent[] = [],
  words: AttemptWords,
  count: (n: number) => string,
): Map<string, string> {
  const names = new Map<string, string>();
  let sends = 0;
  let questions = 0;
  for (const a of attempts) {
    if (names.has(a.attemptId)) continue;
    names.set(
      a.attemptId,
      a.kind === 'status'
        ? words.name('status', count(++questions))
        : words.name('send', count(++sends)),
    );
  }
  for (const e of serverEvents) {
    if (!names.has(e.attemptId)) names.set(e.attemptId, words.name('send', count(++sends)));
  }
  return names;
}

/**
 * The device's attempts and the server's events of one operation, in time order, in words, every
 * row on the server's clock (the tester clock may run days ahead of this device's):
 * `serverOffsetMs` is the server's clock minus this device's. A device row is moved onto the
 * server's clock by it, and then kept on the right side of its own attempt's server rows: a "sent"
 * row never after the server received that attempt, an "ended" row never before the server's last
 * word on it (a skew measured over a network trip may be a few milliseconds off). A restored
 * backup's attempt (its phone's clock as far behind as the server was moved ahead) lands beside
 * the server's rows of the same attempt.
 */
export function mergeTimeline(
  attempts: readonly AttemptView[],
  serverEvents: readonly TimelineEvent[],
  t: Messages,
  format: Format,
  serverOffsetMs = 0,
): TimelineRow[] {
  const words = t.tester.server;
  const names = attemptNames(attempts, serverEvents, t.operations.attempt, format.count);
  const nameOf = (id: string) => names.get(id) ?? words.anAttempt;
  const server = serverEventWords(t, format);
  const serverTimes = new Map<string, number[]>();
  for (const e of serverEvents) {
    const list = serverTimes.get(e.attemptId) ?? [];
    list.push(Date.parse(e.at));
    serverTimes.set(e.attemptId, list);
  }
  const onServerClock = (iso: string, attemptId: string, edge: 'sent' | 'ended'): string => {
    const at = Date.parse(iso) + serverOffsetMs;
    const times = serverTimes.get(attemptId);
    if (!times) return new Date(at).toISOString();
    const bound = edge === 'sent' ? Math.min(at, ...times) : Math.max(at, ...times);
    return new Date(bound).toISOString();
  };
  const rows: TimelineRow[] = [];
  const endings = new Set<TimelineRow>();
  for (const a of attempts) {
    const name = nameOf(a.attemptId);
    const text = a.kind === 'status' ? words.deviceAsked(name) : words.deviceSent(name);
    const at = onServerClock(a.sentAt, a.attemptId, 'sent');
    rows.push({ at, side: 'device', attemptId: a.attemptId, text });
    if (a.endedAt) {
      const ended: TimelineRow = {
        at: onServerClock(a.endedAt, a.attemptId, 'ended'),
        side: 'device',
        attemptId: a.attemptId,
        text: words.attemptEnded(name, attemptOutcomeText(a, t.operations.attempt)),
      };
      endings.add(ended);
      rows.push(ended);
    }
  }
  for (const e of serverEvents) {
    const text = server.event(e, nameOf(e.attemptId));
    rows.push({ at: e.at, side: 'server', attemptId: e.attemptId, text });
  }
  // Stable sort: at equal times the device's row (sent) stays before the server's (received);
  // an ended row at its attempt's last server time goes after it.
  const rank = (r: TimelineRow): number => (endings.has(r) ? 1 : 0);
  return rows.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || rank(a) - rank(b));
}

/** "One change, three attempts; the change's identity never changes." */
export function attemptsExplained(
  attempts: readonly AttemptView[],
  words: AttemptWords,
  count: (n: number) => string,
): string {
  const sends = attempts.filter((a) => a.kind !== 'status').length;
  return words.explained(sends, count(sends));
}

/** How many of an attempt id's last characters are shown: enough to match it in a server log. */
const SHORT_ID_LENGTH = 4;

/** An attempt id as the screens show it: its last characters, "…k3f9". */
export function shortAttemptId(attemptId: string): string {
  return `…${attemptId.slice(-SHORT_ID_LENGTH)}`;
}

/** Said once above a list of attempts, so the short ids need no explaining on every row. */
export function attemptIdsExplained(attempts: readonly AttemptView[], words: AttemptWords): string {
  const example = attempts[0];
  if (!example) return '';
  return words.idsExplained(SHORT_ID_LENGTH, shortAttemptId(example.attemptId));
}

/** "Attempt 2", "Status question 1": an attempt's short name, capitalised for a heading. */
export function attemptTitle(name: string): string {
  return capitalize(name);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
