/**
 * The server's clock as this device knows it, and the one deadline rule of the client.
 *
 * Every issued lease carries when the server issued it (`issuedAt`, server clock) and the device
 * notes when it arrived (`fetchedAt`, device clock): their difference is how far this device's
 * clock runs ahead of the server's (plus the trip, which only makes deadlines look a little earlier,
 * the safe side). The newest measurement wins, so a clock set right since then is followed. A device
 * clock that is off by hours still judges deadlines right, and the sender, the planner, the banner
 * and Settings all judge them the same way. Only a guess that chooses what to do and what to say:
 * the server's clock decides every outcome.
 */
import type { LeaseRecord } from './records';

/**
 * A direct reading of the server's clock (the tester clock's answer, which may jump days ahead):
 * the server's clock minus this device's (ms), read at device time `measuredAt`.
 */
export interface ServerSkew {
  offsetMs: number;
  measuredAt: number;
}

/**
 * Device clock minus server clock, from the newest measurement: the newest lease this device
 * fetched, or a direct reading of the server's clock taken at or after it (0: none yet).
 */
export function clockSkew(
  leases: Iterable<LeaseRecord>,
  measured: ServerSkew | null = null,
): number {
  let newest: LeaseRecord | null = null;
  for (const l of leases) {
    // A restored lease arrived on another device: it says nothing about this device's clock.
    if (l.origin === 'issued' && (newest === null || l.issuedAt > newest.issuedAt)) newest = l;
  }
  if (measured !== null && (newest === null || measured.measuredAt >= newest.fetchedAt)) {
    return -measured.offsetMs;
  }
  return newest === null ? 0 : newest.fetchedAt - Date.parse(newest.issuedAt);
}

/** The server's time now, as this device knows it. */
export function serverNow(
  deviceNow: number,
  leases: Iterable<LeaseRecord>,
  measured: ServerSkew | null = null,
): number {
  return deviceNow - clockSkew(leases, measured);
}

/** Past its deadline (server time, ms or ISO): the server will not apply it for the first time. */
export function pastDeadline(deadline: number | string, serverTime: number): boolean {
  const ms = typeof deadline === 'number' ? deadline : Date.parse(deadline);
  return serverTime > ms;
}
