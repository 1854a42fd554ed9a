import { describe, expect, it } from 'vitest';
import type { LeaseRecord, OperationRecord } from './records';
import type { StoredOpState } from './operation-state';
import { freshestLease, handleOf, isOpen, leaseNeedsRefresh, movable, resolvable } from './rules';
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

describe('which lease new operations take ids from', () => {
  const at = (hoursAgo: number, more: Partial<LeaseRecord> = {}): LeaseRecord => ({
    ...lease,
    id: `L-${hoursAgo}`,
    issuedAt: new Date(ISSUED - hoursAgo * 3_600_000).toISOString(),
    ...more,
  });

  it('the newest issued one with ids left', () => {
    expect(freshestLease([at(5), at(1), at(3)])?.id).toBe('L-1');
    expect(freshestLease([at(1, { nextSeq: 10 }), at(3, { nextSeq: 9 })])?.id).toBe('L-3');
    expect(freshestLease([at(1, { origin: 'imported' }), at(3)])?.id).toBe('L-3');
    expect(freshestLease([at(1, { nextSeq: 11 })])).toBeNull();
    expect(freshestLease([])).toBeNull();
    // Two issued at the same moment: the first one listed stays.
    expect(freshestLease([at(2, { id: 'first' }), at(2, { id: 'second' })])?.id).toBe('first');
  });

  it('is refreshed when missing, old, from the future of this clock, or past its deadline', () => {
    expect(leaseNeedsRefresh(null, FETCHED, 3_600_000)).toBe(true);
    expect(leaseNeedsRefresh(lease, FETCHED, 3_600_000)).toBe(false);
    expect(leaseNeedsRefresh(lease, FETCHED + 3_599_999, 3_600_000)).toBe(false);
    expect(leaseNeedsRefresh(lease, FETCHED + 3_600_000, 3_600_000)).toBe(true);
    expect(leaseNeedsRefresh(lease, FETCHED - 1, 3_600_000)).toBe(true);
    expect(leaseNeedsRefresh(lease, FETCHED + 7 * DAY + 1, 30 * DAY)).toBe(true);
    expect(leaseNeedsRefresh(lease, FETCHED + 7 * DAY, 30 * DAY)).toBe(false);
  });
});

describe('rules about stored operations', () => {
  const op = (state: StoredOpState, more: Partial<OperationRecord> = {}): OperationRecord => ({
    id: 'L.1',
    userId: 'u',
    userName: 'demo',
    order: 1,
    leaseId: 'L',
    op: { type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' },
    createdAt: 0,
    summary: 'Remove 2 from Desk lamp',
    state,
    sendAttempts: 0,
    imported: null,
    resolution: null,
    ...more,
  });
  const retry = { attempts: 0, notBefore: 0 };
  const discarded = { resolution: { kind: 'discarded' as const, note: 'x', at: 0 } };
  const review: StoredOpState = {
    kind: 'review',
    since: 0,
    reason: { code: 'receipt', reason: 'stale-count' },
  };
  const all: StoredOpState[] = [
    { kind: 'queued', retry },
    { kind: 'sending', attemptId: 'a', since: 0, retry },
    { kind: 'unknown', since: 0, retry, notYet: false },
    {
      kind: 'checking',
      attemptId: 'a',
      since: 0,
      via: 'status',
      prior: { kind: 'unknown', since: 0, retry, notYet: false },
    },
    { kind: 'waiting', since: 0, why: 'sign-in', uncertain: false, detail: null },
    { kind: 'confirmed', since: 0 },
    { kind: 'rejected', since: 0, reason: null },
    review,
    { kind: 'expired', since: 0 },
    { kind: 'not-applied', since: 0 },
  ];

  it('its handle is the first id it had, or its id', () => {
    expect(handleOf(op({ kind: 'queued', retry }))).toBe('L.1');
    expect(handleOf(op({ kind: 'queued', retry }, { handle: 'L0.3' }))).toBe('L0.3');
  });

  it('is open while pending or in review, and not once resolved', () => {
    expect(all.filter((s) => isOpen(op(s))).map((s) => s.kind)).toEqual([
      'queued',
      'sending',
      'unknown',
      'checking',
      'waiting',
      'review',
    ]);
    expect(isOpen(op(review, discarded))).toBe(false);
    expect(isOpen(op({ kind: 'confirmed', since: 0 }), { kind: 'queued', retry })).toBe(true);
  });

  it('may move to another lease only if it provably never left the device', () => {
    expect(movable(op({ kind: 'queued', retry }))).toBe(true);
    expect(movable(op({ kind: 'queued', retry }, { sendAttempts: 1 }))).toBe(false);
    expect(
      movable(op({ kind: 'queued', retry }, { imported: { importedAt: 0, exportedAt: 0 } })),
    ).toBe(false);
    expect(movable(op({ kind: 'unknown', since: 0, retry, notYet: false }))).toBe(false);
  });

  it('the person may enter again or discard review and final states, once', () => {
    expect(all.filter((s) => resolvable(op(s))).map((s) => s.kind)).toEqual([
      'rejected',
      'review',
      'expired',
      'not-applied',
    ]);
    expect(resolvable(op(review, discarded))).toBe(false);
  });
});
