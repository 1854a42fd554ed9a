/**
 * The words about the server and the next check (docs/client.md#the-status-bar): the
 * status bar says what the last real answer said, and when the app looks again by itself.
 */
import type { Connectivity } from './views';
import { assertNever } from '../../protocol/assert-never';

/** Where a time is shown: the device's own locale and zone unless a test fixes them. */
export interface TimeWords {
  timeZone?: string | undefined;
  locale?: string | undefined;
}

/** "14:02": 24-hour in every locale, like every other time the app shows (app/format.ts). */
export function shortTime(ms: number, where: TimeWords = {}): string {
  const options: Intl.DateTimeFormatOptions = {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  if (where.timeZone !== undefined) options.timeZone = where.timeZone;
  return new Intl.DateTimeFormat(where.locale, options).format(new Date(ms));
}

/**
 * "Online", "Offline", "Server unreachable · checking again at 14:02", or, while the server refuses
 * work (503/429), "Server busy · trying again at 14:02".
 */
export function connectivityLabel(
  connectivity: Connectivity,
  nextCheckAt: number | null,
  where: TimeWords = {},
): string {
  switch (connectivity) {
    case 'online':
      return 'Online';
    case 'offline':
      return 'Offline';
    case 'server-unreachable':
      return nextCheckAt === null
        ? 'Server unreachable'
        : `Server unreachable · checking again at ${shortTime(nextCheckAt, where)}`;
    case 'server-busy':
      return nextCheckAt === null
        ? 'Server busy'
        : `Server busy · trying again at ${shortTime(nextCheckAt, where)}`;
    default:
      return assertNever(connectivity);
  }
}

/** After "Check and resend safely" got no answer: "Still no answer; checking again at 21:50". */
export function stillNoAnswer(nextCheckAt: number | null, where: TimeWords = {}): string {
  return nextCheckAt === null
    ? 'Still no answer; it stays stored on this device'
    : `Still no answer; checking again at ${shortTime(nextCheckAt, where)}`;
}
