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
 * The device's attempts and the server's events of one operation, in the order they happened, in
 * words. The two sides' clocks may disagree by days (a tester clock moved, an old phone's backup
 * restored), so their times are not compared across sides: each attempt of this device is told
 * whole, in the order it sent them ("sent", what the server did with it, then how it ended), and a
 * server row of an attempt this device does not know (the service worker's) goes before the first
 * attempt the server saw later. Each row keeps the time of its own side's clock.
 */
export function mergeTimeline(
  attempts: readonly AttemptView[],
  serverEvents: readonly TimelineEvent[],
  t: Messages,
  format: Format,
): TimelineRow[] {
  const words = t.tester.server;
  const names = attemptNames(attempts, serverEvents, t.operations.attempt, format.count);
  const nameOf = (id: string) => names.get(id) ?? words.anAttempt;
  const server = serverEventWords(t, format);
  const serverRow = (e: TimelineEvent): TimelineRow => ({
    at: e.at,
    side: 'server',
    attemptId: e.attemptId,
    text: server.event(e, nameOf(e.attemptId)),
  });
  const byTime = <T extends { at: string }>(list: readonly T[]): T[] =>
    [...list].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const known = new Set(attempts.map((a) => a.attemptId));
  const groups = byTime(attempts.map((a) => ({ at: a.sentAt, attempt: a }))).map(
    ({ attempt: a }) => {
      const name = nameOf(a.attemptId);
      const seen = byTime(serverEvents.filter((e) => e.attemptId === a.attemptId));
      const rows: TimelineRow[] = [
        {
          at: a.sentAt,
          side: 'device',
          attemptId: a.attemptId,
          text: a.kind === 'status' ? words.deviceAsked(name) : words.deviceSent(name),
        },
        ...seen.map(serverRow),
      ];
      if (a.endedAt) {
        rows.push({
          at: a.endedAt,
          side: 'device',
          attemptId: a.attemptId,
          text: words.attemptEnded(name, attemptOutcomeText(a, t.operations.attempt)),
        });
      }
      return { firstServerAt: seen[0] ? Date.parse(seen[0].at) : null, rows };
    },
  );
  for (const e of byTime(serverEvents.filter((x) => !known.has(x.attemptId)))) {
    const at = Date.parse(e.at);
    const later = groups.findIndex((g) => g.firstServerAt !== null && g.firstServerAt > at);
    const group = { firstServerAt: at, rows: [serverRow(e)] };
    if (later < 0) groups.push(group);
    else groups.splice(later, 0, group);
  }
  return groups.flatMap((g) => g.rows);
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
