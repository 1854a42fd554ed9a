/**
 * The snapshot's totals and facts (snapshot.ts, snapshot-totals.ts), beside snapshot.test.ts:
 * kept apart so work on the builder's caching and these behaviour checks do not collide.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAIN_PLACE, type Item, type Op } from '../../protocol/schemas';
import { emptyView, type LocalView } from './local-view';
import type { LeaseRecord, OperationRecord } from './records';
import { isPending, type FinishingState, type StoredOpState } from './operation-state';
import { SnapshotBuilder, type Runtime } from './snapshot';
import { NO_PENDING, SnapshotTotals, shareOf, type Share } from './snapshot-totals';
import { reversalNote, reversedIds } from './fixes';
import { isOpen } from './rules';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';
import { SAMPLE_CREATED_AT, sampleRecord } from '../../../tests/support/client/sample-record';

const NOW = SAMPLE_CREATED_AT;
const HOUR = 3_600_000;
const demo = { id: 'u1', name: 'demo', role: 'staff' as const };
const queued: StoredOpState = { kind: 'queued', retry: { attempts: 0, notBefore: 0 } };
const confirmed: StoredOpState = { kind: 'confirmed', since: 1 };
const unknown: StoredOpState = {
  kind: 'unknown',
  since: 0,
  retry: { attempts: 1, notBefore: 0 },
  notYet: false,
};

function item(id: string, name: string): Item {
  return {
    id,
    sku: id.toUpperCase(),
    name,
    location: 'A1',
    quantity: 12,
    revision: 7,
    updatedAt: '2026-11-29T16:00:00.000Z',
    barcode: null,
    lowStockThreshold: null,
    archived: false,
  };
}

function adjust(
  order: number,
  state: StoredOpState,
  delta: number,
  more: Partial<OperationRecord> = {},
): OperationRecord {
  return sampleRecord(order, {
    op: { type: 'adjust', itemId: 'lamp-14', delta, reason: 'sold' },
    summary: `Adjust ${delta}`,
    state,
    ...more,
  });
}

function lease(more: Partial<LeaseRecord> = {}): LeaseRecord {
  return {
    id: 'L1',
    userId: 'u1',
    deviceId: 'd1',
    size: 100,
    issuedAt: new Date(NOW - HOUR).toISOString(),
    deadline: new Date(NOW + 10 * HOUR).toISOString(),
    token: 't',
    nextSeq: 4,
    fetchedAt: NOW - HOUR,
    origin: 'issued',
    ...more,
  };
}

const runtime = (more: Partial<Runtime> = {}): Runtime => ({
  ready: true,
  now: NOW,
  connectivity: 'online',
  settledThisRound: null,
  storageProblem: null,
  testerMode: false,
  finishing: new Map(),
  warnWithinMs: 24 * HOUR,
  ...more,
});

function view(operations: OperationRecord[], more: Partial<LocalView> = {}): LocalView {
  return {
    ...emptyView(),
    operations: new Map(operations.map((r) => [r.id, r])),
    session: { key: 'session', token: 't', user: demo, expired: false },
    items: new Map([
      ['lamp-14', item('lamp-14', 'Desk lamp')],
      ['bulb-2', item('bulb-2', 'Bulb')],
    ]),
    ...more,
  };
}

const build = (v: LocalView, r: Runtime = runtime()) => new SnapshotBuilder().build(v, r);

describe('the snapshot’s totals', () => {
  it('sums every pending adjustment per item, leaving out settled and resolved ones', () => {
    const snap = build(
      view([
        adjust(0, queued, -2),
        adjust(1, unknown, -3),
        adjust(2, confirmed, -100),
        adjust(3, { kind: 'expired', since: 1 }, -50, {
          resolution: { kind: 'discarded', note: 'x', at: 1 },
        }),
        adjust(4, queued, -7, { resolution: { kind: 'discarded', note: 'x', at: 1 } }),
        adjust(5, queued, 4),
      ]),
    );
    const lamp = snap.items.find((i) => i.id === 'lamp-14');
    const bulb = snap.items.find((i) => i.id === 'bulb-2');
    expect(lamp).toMatchObject({ quantity: 12, pendingDelta: -1, pendingCount: null });
    expect(bulb).toMatchObject({ pendingDelta: 0, pendingCount: null });
    expect(snap.unconfirmedCount).toBe(3);
  });

  it('counts review as open (the person must decide) but not as a pending effect', () => {
    const review: StoredOpState = {
      kind: 'review',
      since: 1,
      reason: { code: 'receipt', reason: 'stale-count' },
    };
    const snap = build(view([adjust(0, review, -2)]));
    expect(snap.unconfirmedCount).toBe(1);
    expect(snap.items.find((i) => i.id === 'lamp-14')?.pendingDelta).toBe(0);
  });

  it('a count is not an adjustment, and an edit neither', () => {
    const counted: OperationRecord = {
      ...adjust(0, queued, 0),
      op: { type: 'count', itemId: 'bulb-2', quantity: 5, basedOnRevision: 7 },
    };
    const archived: OperationRecord = {
      ...adjust(1, queued, 0),
      op: { type: 'archiveItem', itemId: 'lamp-14' } as OperationRecord['op'],
    };
    const snap = build(view([counted, archived]));
    expect(snap.items.find((i) => i.id === 'bulb-2')).toMatchObject({
      pendingDelta: 0,
      pendingCount: 5,
    });
    expect(snap.items.find((i) => i.id === 'lamp-14')).toMatchObject({
      pendingDelta: 0,
      pendingCount: null,
    });
  });

  it('lists items by name', () => {
    expect(build(view([])).items.map((i) => i.name)).toEqual(['Bulb', 'Desk lamp']);
  });

  it('shows the drain as sent out of sent plus what is still open', () => {
    const v = view([adjust(0, queued, -1), adjust(1, unknown, -1), adjust(2, confirmed, -1)]);
    expect(build(v, runtime({ settledThisRound: 3 })).drain).toEqual({ sent: 3, total: 5 });
    expect(build(v, runtime({ settledThisRound: 0 })).drain).toEqual({ sent: 0, total: 2 });
    expect(build(v).drain).toBeNull();
  });

  it('counts other people’s open work by name, never their settled work', () => {
    const alex = (order: number, state: StoredOpState) =>
      adjust(order, state, -1, { userId: 'u2', userName: 'alex' });
    const sam = adjust(9, queued, -1, { userId: 'u3', userName: 'sam' });
    const snap = build(view([alex(5, queued), alex(6, unknown), alex(7, confirmed), sam]));
    expect(snap.otherUsersWaiting).toEqual([
      { userName: 'alex', count: 2 },
      { userName: 'sam', count: 1 },
    ]);
    expect(snap.operations).toHaveLength(0);
  });

  it('signed out: no user, no operations of anyone, and everyone’s open work is someone else’s', () => {
    const snap = build(view([adjust(0, queued, -1)], { session: null }));
    expect(snap.user).toBeNull();
    expect(snap.sessionExpired).toBe(false);
    expect(snap.operations).toEqual([]);
    expect(snap.otherUsersWaiting).toEqual([{ userName: 'demo', count: 1 }]);
    expect(snap.lease).toBeNull();
  });
});

describe('the snapshot’s facts', () => {
  it('passes on the runtime facts, with defaults when absent', () => {
    const plain = build(view([]));
    expect(plain).toMatchObject({
      ready: true,
      user: demo,
      deviceName: 'This device',
      connectivity: 'online',
      testerMode: false,
      stepByStep: false,
      serverOffsetMs: 0,
      sessionExpired: false,
      storageProblem: null,
      nextCheckAt: null,
    });
    const rich = build(
      view([], {
        device: { key: 'device', deviceId: 'd1', deviceName: 'Till 2' },
        session: { key: 'session', token: 't', user: demo, expired: true },
        itemsRevision: 42,
      }),
      runtime({
        ready: false,
        testerMode: true,
        stepByStep: true,
        serverSkew: { offsetMs: 1500, measuredAt: NOW },
        connectivity: 'offline',
      }),
    );
    expect(rich).toMatchObject({
      ready: false,
      deviceName: 'Till 2',
      sessionExpired: true,
      testerMode: true,
      stepByStep: true,
      serverOffsetMs: 1500,
      itemsRevision: 42,
      connectivity: 'offline',
    });
  });

  it('shows this person’s freshest lease with ids left, until its deadline passes on the server’s clock', () => {
    const mine = lease();
    const older = lease({ id: 'L0', issuedAt: new Date(NOW - 5 * HOUR).toISOString() });
    const someoneElses = lease({ id: 'L9', userId: 'u2', issuedAt: new Date(NOW).toISOString() });
    const leases = new Map([mine, older, someoneElses].map((l) => [l.id, l]));
    expect(build(view([], { leases })).lease).toEqual({
      id: 'L1',
      issuedAt: mine.issuedAt,
      deadline: mine.deadline,
      used: 4,
      size: 100,
    });
    // Ten hours on, on the server's clock (this device's clock is an hour behind): past it.
    const skewed = runtime({
      now: NOW + 9 * HOUR + 1,
      serverSkew: { offsetMs: HOUR, measuredAt: NOW },
    });
    expect(build(view([], { leases: new Map([[mine.id, mine]]) }), skewed).lease).toBeNull();
    const same = runtime({ now: NOW + 9 * HOUR + 1 });
    expect(build(view([], { leases: new Map([[mine.id, mine]]) }), same).lease).not.toBeNull();
  });

  it('warns about pending work that may have left the device and whose lease deadline is near', () => {
    const near = lease({ deadline: new Date(NOW + 2 * HOUR).toISOString() });
    const v = view(
      [
        adjust(0, unknown, -1, { sendAttempts: 1 }),
        adjust(1, queued, -1, { sendAttempts: 1 }),
        adjust(2, confirmed, -1, { sendAttempts: 1 }),
        adjust(3, unknown, -1, {
          sendAttempts: 1,
          resolution: { kind: 'discarded', note: 'x', at: 1 },
        }),
        adjust(4, unknown, -1, { sendAttempts: 1, leaseId: 'gone' }),
      ],
      { leases: new Map([[near.id, near]]) },
    );
    const warnings = build(v).warnings;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ count: 2, deadline: near.deadline });
    // Judged on the server's clock: three hours ahead, the deadline has passed and binds nothing.
    expect(
      build(v, runtime({ serverSkew: { offsetMs: 3 * HOUR, measuredAt: NOW } })).warnings,
    ).toEqual([]);
  });
});

describe('the snapshot follows changes (nothing stale is reused)', () => {
  it('a new operation, another person signing in, or new items show at once', () => {
    const builder = new SnapshotBuilder();
    const a = adjust(0, queued, -1);
    const b = adjust(1, queued, -1);
    const first = builder.build(view([b, a]), runtime());
    expect(first.operations.map((o) => o.id)).toEqual(['L1.0', 'L1.1']);
    const c = adjust(2, queued, -1);
    const second = builder.build({ ...view([b, a, c]), operationsVersion: 1 }, runtime());
    expect(second.operations.map((o) => o.id)).toEqual(['L1.0', 'L1.1', 'L1.2']);
    // Same version, another user (sign-in switch): that user's list.
    const alex = { id: 'u2', name: 'alex', role: 'staff' as const };
    const d = adjust(3, queued, -1, { userId: 'u2', userName: 'alex' });
    const third = builder.build(
      {
        ...view([b, a, c, d]),
        operationsVersion: 1,
        session: { key: 'session', token: 't', user: alex, expired: false },
      },
      runtime(),
    );
    expect(third.operations.map((o) => o.id)).toEqual(['L1.3']);
    const items = new Map([['cable-1', item('cable-1', 'Cable')]]);
    const fourth = builder.build({ ...view([a]), items, itemsVersion: 1 }, runtime());
    expect(fourth.items.map((i) => i.name)).toEqual(['Cable']);
  });

  it('a reversal made since shows the original as reversed', () => {
    const builder = new SnapshotBuilder();
    const original = adjust(0, confirmed, -2, { summary: 'Remove 2 from Desk lamp' });
    const first = builder.build(view([original]), runtime());
    expect(first.operations[0]?.canReverse).toBe(true);
    const reversal = adjust(1, queued, 2, {
      op: {
        type: 'adjust',
        itemId: 'lamp-14',
        delta: 2,
        reason: 'correction',
        note: 'Reverses “Remove 2 from Desk lamp” (L1.0)',
      },
    });
    const second = builder.build(
      { ...view([original, reversal]), operationsVersion: 1 },
      runtime(),
    );
    expect(second.operations[0]?.canReverse).toBe(false);
  });

  it('a due time passes with time alone: the view stops showing it', () => {
    const builder = new SnapshotBuilder();
    const waitingUntil: StoredOpState = {
      kind: 'queued',
      retry: { attempts: 1, notBefore: NOW + 5_000 },
    };
    const v = view([adjust(0, waitingUntil, -1)]);
    expect(builder.build(v, runtime()).operations[0]?.nextRetryAt).toBe('2026-11-29T17:00:05.000Z');
    expect(builder.build(v, runtime({ now: NOW + 5_000 })).operations[0]?.nextRetryAt).toBeNull();
  });
});

describe('the totals kept as sums of shares', () => {
  /** The totals counted plainly from every operation, in creation order. */
  function counted(
    records: readonly OperationRecord[],
    finishing: ReadonlyMap<string, FinishingState>,
    userId: string,
  ) {
    const mine = records.filter((r) => r.userId === userId).sort((a, b) => a.order - b.order);
    const deltas = new Map<string, number>();
    const places = new Map<string, Record<string, number>>();
    const addAt = (itemId: string, placeId: string, delta: number) => {
      const at = places.get(itemId) ?? {};
      at[placeId] = (at[placeId] ?? 0) + delta;
      places.set(itemId, at);
    };
    const counts = new Map<string, number>();
    const frozen = new Map<string, number>();
    let unconfirmed = 0;
    for (const r of mine) {
      const state = finishing.get(r.id) ?? r.state;
      if (isOpen(r, state)) unconfirmed++;
      if (r.resolution !== null || !isPending(state)) continue;
      if (r.sendAttempts > 0) frozen.set(r.leaseId, (frozen.get(r.leaseId) ?? 0) + 1);
      if (r.op.type === 'adjust') {
        deltas.set(r.op.itemId, (deltas.get(r.op.itemId) ?? 0) + r.op.delta);
        addAt(r.op.itemId, r.op.placeId ?? MAIN_PLACE, r.op.delta);
      } else if (r.op.type === 'transfer') {
        addAt(r.op.itemId, r.op.fromPlaceId, -r.op.quantity);
        addAt(r.op.itemId, r.op.toPlaceId, r.op.quantity);
      } else if (r.op.type === 'count') counts.set(r.op.itemId, r.op.quantity);
    }
    const others = new Map<string, number>();
    for (const r of records) {
      if (r.userId !== userId && isOpen(r))
        others.set(r.userName, (others.get(r.userName) ?? 0) + 1);
    }
    return {
      items: ['lamp-14', 'bulb-2'].map((id) => ({
        pendingDelta: deltas.get(id) ?? 0,
        pendingCount: counts.get(id) ?? null,
        pendingByPlace: places.get(id) ?? NO_PENDING,
      })),
      unconfirmed,
      frozen: new Map([...frozen].sort(([a], [b]) => a.localeCompare(b))),
      others: [...others]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([userName, count]) => ({ userName, count })),
      reversed: [...reversedIds(mine)].sort(),
    };
  }

  const states: StoredOpState[] = [
    queued,
    { kind: 'sending', attemptId: 'a', since: 0, retry: { attempts: 0, notBefore: 0 } },
    unknown,
    confirmed,
    { kind: 'rejected', since: 1, reason: 'unknown-item' },
    {
      kind: 'review',
      since: 1,
      reason: { code: 'expired', answer: 'unchecked', retry: { attempts: 0, notBefore: 0 } },
    },
  ];
  const ops: Op[] = [
    { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
    { type: 'adjust', itemId: 'lamp-14', delta: 1, reason: 'sold', placeId: 'back' },
    { type: 'adjust', itemId: 'bulb-2', delta: 3, reason: 'received' },
    {
      type: 'transfer',
      itemId: 'lamp-14',
      quantity: 2,
      fromPlaceId: MAIN_PLACE,
      toPlaceId: 'back',
    },
    { type: 'count', itemId: 'lamp-14', quantity: 4, basedOnRevision: 7 },
    { type: 'count', itemId: 'lamp-14', quantity: 9, basedOnRevision: 7 },
    { type: 'archiveItem', itemId: 'bulb-2' },
  ];
  const put = fc.record({
    kind: fc.constant('put' as const),
    order: fc.nat(7),
    mine: fc.boolean(),
    op: fc.nat(ops.length - 1),
    state: fc.nat(states.length - 1),
    sent: fc.boolean(),
    discarded: fc.boolean(),
    reverses: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, fc.nat(7)),
  });
  const ids = Array.from({ length: 8 }, (_, order) => `L1.${order}`);
  const step = fc.oneof(
    { weight: 4, arbitrary: put },
    fc.record({ kind: fc.constant('delete' as const), order: fc.nat(7) }),
    fc.record({ kind: fc.constant('finishing' as const), order: fc.nat(7), on: fc.boolean() }),
  );

  it('equal the totals counted plainly, after every put, delete and finishing state', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40, size: 'max' }), (steps) => {
        const records = new Map<string, OperationRecord>();
        const finishing = new Map<string, FinishingState>();
        const totals = new SnapshotTotals();
        const shares = new Map<string, Share>();
        const follow = (id: string) => {
          const was = shares.get(id);
          if (was) totals.remove(was);
          shares.delete(id);
          const record = records.get(id);
          if (!record) return;
          const share = shareOf(record, finishing.get(id), 'u1');
          totals.add(share);
          shares.set(id, share);
        };
        for (const s of steps) {
          const id = `L1.${s.order}`;
          if (s.kind === 'put') {
            const state = states[s.state]!;
            const op = ops[s.op]!;
            records.set(
              id,
              sampleRecord(s.order, {
                ...(s.mine ? {} : { userId: 'u2', userName: s.order % 2 ? 'alex' : 'sam' }),
                leaseId: `L${s.order % 3}`,
                op:
                  s.reverses === null
                    ? op
                    : {
                        type: 'adjust',
                        itemId: 'lamp-14',
                        delta: 1,
                        reason: 'correction',
                        note: reversalNote({ id: `L1.${s.reverses}`, summary: 'x' }),
                      },
                state,
                sendAttempts: s.sent ? 1 : 0,
                resolution: s.discarded ? { kind: 'discarded', note: 'n', at: 1 } : null,
              }),
            );
          } else if (s.kind === 'delete') records.delete(id);
          else if (s.on) {
            const receipt = sampleReceipt({ operationId: id });
            finishing.set(id, { kind: 'finishing', receipt, localWriteFailed: false });
          } else finishing.delete(id);
          follow(id);
          const plain = counted([...records.values()], finishing, 'u1');
          expect({
            items: ['lamp-14', 'bulb-2'].map((itemId) => totals.pending(itemId)),
            unconfirmed: totals.unconfirmed,
            frozen: new Map([...totals.frozen()].sort(([a], [b]) => a.localeCompare(b))),
            others: totals.othersWaiting(),
            reversed: ids.filter((r) => totals.reversed(r)),
          }).toEqual(plain);
        }
      }),
      { numRuns: 500 },
    );
  });
});
