import { describe, expect, it } from 'vitest';
import { emptyView } from './local-view';
import type { LeaseRecord, OperationRecord } from './records';
import { DEFAULT_BACKOFF } from './retry-policy';
import { plan } from './plan';
import { leaseNeedsRefresh } from './rules';
import { clockSkew, pastDeadline, serverNow } from './server-clock';
import { SnapshotBuilder } from './snapshot';

const HOUR = 3_600_000;
const ISSUED = Date.parse('2026-11-29T14:00:00.000Z'); // server clock
const DEADLINE = ISSUED + 24 * HOUR;
const demo = { id: 'u1', name: 'demo', role: 'staff' as const };

/** A lease that arrived at once on a device whose clock runs `skew` ahead of the server's. */
function leaseOn(skew: number, extra: Partial<LeaseRecord> = {}): LeaseRecord {
  return {
    id: 'L1',
    userId: 'u1',
    deviceId: 'd1',
    size: 100,
    issuedAt: new Date(ISSUED).toISOString(),
    deadline: new Date(DEADLINE).toISOString(),
    token: 't',
    nextSeq: 1,
    fetchedAt: ISSUED + skew,
    origin: 'issued',
    ...extra,
  };
}

/** Sent once, no answer: its id is frozen, so its deadline matters. */
const unknownOp: OperationRecord = {
  id: 'L1.0',
  userId: 'u1',
  userName: 'demo',
  order: 0,
  leaseId: 'L1',
  op: { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
  createdAt: ISSUED,
  summary: 'Remove 1 from Desk lamp',
  state: { kind: 'unknown', since: ISSUED, retry: { attempts: 1, notBefore: 0 }, notYet: false },
  sendAttempts: 1,
  imported: null,
  resolution: null,
};

/** What the sender and the screen each make of the same device at the same device time. */
function judged(skew: number, deviceNow: number) {
  const lease = leaseOn(skew);
  const next = plan({
    queue: [unknownOp],
    checks: [],
    leases: [lease],
    now: deviceNow,
    policy: DEFAULT_BACKOFF,
    batchSize: 10,
  });
  const snapshot = new SnapshotBuilder().build(
    {
      ...emptyView(),
      operations: new Map([[unknownOp.id, unknownOp]]),
      leases: new Map([[lease.id, lease]]),
      session: { key: 'session', token: 't', user: demo, expired: false },
    },
    {
      ready: true,
      now: deviceNow,
      connectivity: 'online',
      settledThisRound: null,
      storageProblem: null,
      testerMode: false,
      finishing: new Map(),
      warnWithinMs: 24 * HOUR,
    },
  );
  return {
    // Past its deadline, the sender asks the status endpoint instead of resending.
    senderPast: next.kind === 'status',
    bannerWarns: snapshot.warnings.length > 0,
    settingsDeadline: snapshot.lease?.deadline ?? null,
  };
}

describe('one deadline rule, on the server clock as the device knows it', () => {
  it('measures the skew from the newest issued lease; restored leases say nothing about it', () => {
    const older = leaseOn(5 * HOUR, { id: 'L0', issuedAt: new Date(ISSUED - HOUR).toISOString() });
    expect(clockSkew([older, leaseOn(-3 * HOUR)])).toBe(-3 * HOUR);
    expect(clockSkew([leaseOn(HOUR, { origin: 'imported' })])).toBe(0);
    expect(serverNow(ISSUED, [leaseOn(2 * HOUR)])).toBe(ISSUED - 2 * HOUR);
    expect(pastDeadline(DEADLINE, DEADLINE)).toBe(false);
    expect(pastDeadline(new Date(DEADLINE).toISOString(), DEADLINE + 1)).toBe(true);
  });

  // Device clock 3 hours behind or ahead of the server's; server time one hour either side of
  // the deadline. The banner warns exactly while the sender still resends, and Settings shows the
  // deadline only while it still binds.
  for (const skew of [-3 * HOUR, 0, 3 * HOUR]) {
    for (const serverOffset of [-HOUR, HOUR]) {
      it(`skew ${skew / HOUR} h, server time ${serverOffset / HOUR} h from the deadline`, () => {
        const { senderPast, bannerWarns, settingsDeadline } = judged(
          skew,
          DEADLINE + serverOffset + skew,
        );
        expect(senderPast).toBe(serverOffset > 0);
        expect(bannerWarns).toBe(!senderPast);
        expect(settingsDeadline !== null).toBe(!senderPast);
        expect(leaseNeedsRefresh(leaseOn(skew), DEADLINE + serverOffset + skew, 100 * HOUR)).toBe(
          senderPast,
        );
      });
    }
  }
});

describe('which measurement of the server’s clock counts', () => {
  it('the newest issued lease, the first listed on a tie', () => {
    const a = leaseOn(HOUR, { id: 'La' });
    const b = leaseOn(2 * HOUR, { id: 'Lb' });
    expect(clockSkew([a, b])).toBe(HOUR);
    expect(clockSkew([b, a])).toBe(2 * HOUR);
    const older = leaseOn(5 * HOUR, { issuedAt: new Date(ISSUED - HOUR).toISOString() });
    expect(clockSkew([older, a])).toBe(HOUR);
    expect(clockSkew([a, older])).toBe(HOUR);
  });

  it('a direct reading taken at or after the newest lease arrived wins; an older one does not', () => {
    const lease = leaseOn(HOUR);
    const reading = (measuredAt: number) => ({ offsetMs: 7 * HOUR, measuredAt });
    expect(clockSkew([lease], reading(ISSUED + HOUR))).toBe(-7 * HOUR);
    expect(clockSkew([lease], reading(ISSUED + HOUR + 1))).toBe(-7 * HOUR);
    expect(clockSkew([lease], reading(ISSUED + HOUR - 1))).toBe(HOUR);
    expect(clockSkew([], reading(0))).toBe(-7 * HOUR);
    expect(clockSkew([])).toBe(0);
  });
});
