import { describe, expect, it } from 'vitest';
import type { LeaseRecord } from './records';
import { leaseNeedsRefresh } from './rules';
import { pastDeadline, serverNow } from './server-clock';

const DAY = 86_400_000;
const ISSUED = Date.parse('2026-11-29T17:00:00.000Z');
/** Arrived when the device clock read 5 minutes behind the server's. */
const FETCHED = ISSUED - 300_000;
const lease: LeaseRecord = {
  id: 'L',
  userId: 'u',
  deviceId: 'd',
  size: 10,
  issuedAt: new Date(ISSUED).toISOString(),
  deadline: new Date(ISSUED + 7 * DAY).toISOString(),
  token: 't',
  nextSeq: 0,
  fetchedAt: FETCHED,
  origin: 'issued',
};

describe('deadlines on the server’s clock', () => {
  it('judges a lease by the skew measured when it arrived', () => {
    expect(serverNow(FETCHED, [lease])).toBe(ISSUED);
    const deadlineOnDevice = FETCHED + 7 * DAY;
    expect(pastDeadline(lease.deadline, serverNow(deadlineOnDevice, [lease]))).toBe(false);
    expect(pastDeadline(lease.deadline, serverNow(deadlineOnDevice + 1, [lease]))).toBe(true);
  });

  it('after the server’s clock was read again (a tester jump of 8 days), the lease is over', () => {
    const later = FETCHED + 60_000;
    const jumped = { offsetMs: 8 * DAY + 300_000, measuredAt: later };
    expect(serverNow(later, [lease], jumped)).toBe(later + 8 * DAY + 300_000);
    expect(pastDeadline(lease.deadline, serverNow(later, [lease], jumped))).toBe(true);
    expect(leaseNeedsRefresh(lease, later, 3_600_000, jumped)).toBe(true);
    expect(leaseNeedsRefresh(lease, later, 3_600_000, null)).toBe(false);
  });

  it('keeps the lease’s own skew when the reading is older than the lease', () => {
    const old = { offsetMs: 8 * DAY, measuredAt: FETCHED - 1 };
    expect(serverNow(FETCHED, [lease], old)).toBe(ISSUED);
  });
});
