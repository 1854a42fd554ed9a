import { describe, expect, it } from 'vitest';
import type { LeaseRecord, OperationRecord } from './records';
import { DEFAULT_BACKOFF } from './retry-policy';
import type { StoredOpState } from './operation-state';
import { plan, type PlanInput } from './plan';
import { leaseNeedsRefresh } from './rules';
import { sampleRecord } from '../../../tests/support/client/sample-record';

const NOW = Date.parse('2026-11-29T17:00:00.000Z');
const lease: LeaseRecord = {
  id: 'L1',
  userId: 'u1',
  deviceId: 'd1',
  size: 100,
  issuedAt: '2026-11-29T16:00:00.000Z',
  deadline: '2026-11-30T16:00:00.000Z',
  token: 't',
  nextSeq: 10,
  fetchedAt: NOW - 3_600_000,
  origin: 'issued',
};

function op(order: number, state: StoredOpState, sendAttempts = 1): OperationRecord {
  return sampleRecord(order, { state, sendAttempts });
}

const queued = (notBefore = 0): StoredOpState => ({
  kind: 'queued',
  retry: { attempts: 0, notBefore },
});
const unknown = (notBefore = 0): StoredOpState => ({
  kind: 'unknown',
  since: 0,
  retry: { attempts: 1, notBefore },
  notYet: false,
});

const input = (queue: OperationRecord[], extra: Partial<PlanInput> = {}): PlanInput => ({
  queue,
  checks: [],
  leases: [lease],
  now: NOW,
  policy: DEFAULT_BACKOFF,
  batchSize: 3,
  ...extra,
});

describe('the sender plan', () => {
  it('batches from the head in creation order, up to the batch size', () => {
    const p = plan(input([op(0, queued()), op(1, unknown()), op(2, queued()), op(3, queued())]));
    expect(p.kind === 'send' && p.records.map((r) => r.order)).toEqual([0, 1, 2]);
  });

  it('sends an unknown head alone, as the probe: later work stays saved on the device', () => {
    const p = plan(input([op(0, unknown()), op(1, queued()), op(2, queued())]));
    expect(p.kind === 'send' && p.records.map((r) => r.order)).toEqual([0]);
  });

  it('a later operation never overtakes a head that is backing off', () => {
    const p = plan(input([op(0, unknown(NOW + 5000)), op(1, queued())]));
    expect(p).toEqual({ kind: 'idle', wakeAt: NOW + 5000, blocked: null });
  });

  it('stops the batch before an operation that is not sendable yet', () => {
    const p = plan(input([op(0, queued()), op(1, unknown(NOW + 1)), op(2, queued())]));
    expect(p.kind === 'send' && p.records.map((r) => r.order)).toEqual([0]);
  });

  it('a resting head blocks the queue until a new round', () => {
    const waiting: StoredOpState = {
      kind: 'waiting',
      since: 0,
      why: 'retries-exhausted',
      uncertain: true,
      detail: null,
    };
    expect(plan(input([op(0, waiting), op(1, queued())]))).toEqual({
      kind: 'idle',
      wakeAt: null,
      blocked: 'waiting',
    });
  });

  it('asks the status endpoint for a long-unknown operation past its deadline (device clock)', () => {
    const late = NOW + 30 * 3_600_000;
    const p = plan(input([op(0, unknown())], { now: late }));
    expect(p.kind).toBe('status');
  });

  it('resends a long-unknown operation once the server said "not yet", whatever the device clock says', () => {
    const late = NOW + 30 * 3_600_000;
    const told: StoredOpState = {
      kind: 'unknown',
      since: 0,
      retry: { attempts: 1, notBefore: 0 },
      notYet: true,
    };
    expect(plan(input([op(0, told)], { now: late })).kind).toBe('send');
  });

  it('holds an operation that never left the device while its lease is over: it will move', () => {
    const late = NOW + 30 * 3_600_000;
    const p = plan(input([op(0, queued(), 0)], { now: late }));
    expect(p).toMatchObject({ kind: 'idle', blocked: 'lease' });
  });

  it('judges the deadline by the lease lifetime since it arrived, not by clock agreement', () => {
    // The device clock is 3 h behind the server: the server's deadline string says nothing here.
    const behind = {
      ...lease,
      issuedAt: '2026-11-29T19:00:00.000Z',
      deadline: '2026-11-30T19:00:00.000Z',
    };
    const p = plan(input([op(0, queued(), 0)], { leases: [behind] }));
    expect(p.kind).toBe('send');
  });

  it('refreshes a lease that is old, run out, or from the future of a clock set back', () => {
    expect(leaseNeedsRefresh(null, NOW, 3_600_000)).toBe(true);
    expect(leaseNeedsRefresh(lease, NOW, 3_600_000)).toBe(true);
    expect(leaseNeedsRefresh({ ...lease, fetchedAt: NOW - 60_000 }, NOW, 3_600_000)).toBe(false);
    expect(leaseNeedsRefresh({ ...lease, fetchedAt: NOW + 60_000 }, NOW, 3_600_000)).toBe(true);
    const short = { ...lease, fetchedAt: NOW - 60_000, deadline: '2026-11-29T16:00:30.000Z' };
    expect(leaseNeedsRefresh(short, NOW, 3_600_000)).toBe(true);
  });
});

describe('the sender plan: what else it decides', () => {
  const expiredReview = (attempts: number, notBefore: number): StoredOpState => ({
    kind: 'review',
    since: 0,
    reason: { code: 'expired', answer: 'unchecked', retry: { attempts, notBefore } },
  });

  it('sends a never-sent head whose lease still runs', () => {
    expect(plan(input([op(0, queued(), 0), op(1, queued(), 0)]))).toEqual({
      kind: 'send',
      records: [op(0, queued(), 0), op(1, queued(), 0)],
    });
  });

  it('an operation in flight blocks the queue, with nothing to wake for', () => {
    const sending: StoredOpState = {
      kind: 'sending',
      attemptId: 'a',
      since: 0,
      retry: { attempts: 0, notBefore: 0 },
    };
    expect(plan(input([op(0, sending), op(1, queued())]))).toEqual({
      kind: 'idle',
      wakeAt: null,
      blocked: 'in-flight',
    });
    const checking: StoredOpState = {
      kind: 'checking',
      attemptId: 'a',
      since: 0,
      via: 'status',
      prior: { kind: 'unknown', since: 0, retry: { attempts: 1, notBefore: 0 }, notYet: false },
    };
    expect(plan(input([op(0, checking)]))).toMatchObject({ kind: 'idle', blocked: 'in-flight' });
  });

  it('an operation whose lease this device no longer holds waits for one, checking again in 30 s', () => {
    expect(plan(input([op(0, queued())], { leases: [] }))).toEqual({
      kind: 'idle',
      wakeAt: NOW + 30_000,
      blocked: 'lease',
    });
  });

  it('asks about an expired review when due; otherwise wakes for it, until its checks run out', () => {
    const due = op(5, expiredReview(0, NOW));
    expect(plan(input([], { checks: [due] }))).toEqual({ kind: 'status', record: due });
    const later = op(5, expiredReview(1, NOW + 9_000));
    expect(plan(input([], { checks: [later] }))).toEqual({
      kind: 'idle',
      wakeAt: NOW + 9_000,
      blocked: null,
    });
    const spent = op(5, expiredReview(DEFAULT_BACKOFF.maxAttempts, 0));
    expect(plan(input([], { checks: [spent] }))).toEqual({
      kind: 'idle',
      wakeAt: null,
      blocked: null,
    });
    const answered = op(6, {
      kind: 'review',
      since: 0,
      reason: {
        code: 'imported',
        importedAt: 0,
        answer: 'not-yet',
        retry: { attempts: 0, notBefore: 0 },
      },
    });
    expect(plan(input([], { checks: [answered] }))).toEqual({
      kind: 'idle',
      wakeAt: null,
      blocked: null,
    });
  });

  it('a resting head still lets review checks run', () => {
    const resting: StoredOpState = {
      kind: 'waiting',
      since: 0,
      why: 'retries-exhausted',
      uncertain: true,
      detail: null,
    };
    const due = op(5, expiredReview(0, NOW));
    expect(plan(input([op(0, resting)], { checks: [due] }))).toEqual({
      kind: 'status',
      record: due,
    });
  });

  it('wakes for the earliest of the head and the checks', () => {
    const head = op(0, unknown(NOW + 20_000));
    expect(plan(input([head], { checks: [op(5, expiredReview(1, NOW + 9_000))] }))).toMatchObject({
      kind: 'idle',
      wakeAt: NOW + 9_000,
    });
    expect(plan(input([head], { checks: [op(5, expiredReview(1, NOW + 29_000))] }))).toMatchObject({
      kind: 'idle',
      wakeAt: NOW + 20_000,
    });
  });

  it('judges a long-unknown head on the server’s clock as last read', () => {
    // The device clock says the lease runs for another day; the server's clock says it is over.
    const head = op(0, unknown());
    expect(plan(input([head])).kind).toBe('send');
    const skew = { offsetMs: 2 * 86_400_000, measuredAt: NOW };
    expect(plan(input([head], { skew }))).toEqual({ kind: 'status', record: head });
  });
});
