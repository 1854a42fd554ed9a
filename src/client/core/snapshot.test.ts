import { describe, expect, it } from 'vitest';
import { emptyView, type LocalView } from './local-view';
import type { OperationRecord } from './records';
import type { StoredOpState } from './operation-state';
import { SnapshotBuilder, type Runtime } from './snapshot';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';

const NOW = Date.parse('2026-11-29T17:00:00.000Z');
const demo = { id: 'u1', name: 'demo', role: 'staff' as const };

function op(order: number, state: StoredOpState, userId = 'u1', delta = -2): OperationRecord {
  return {
    id: `L1.${order}`,
    userId,
    userName: userId === 'u1' ? 'demo' : 'alex',
    order,
    leaseId: 'L1',
    op: { type: 'adjust', itemId: 'lamp-14', delta, reason: 'sold' },
    createdAt: NOW,
    summary: `Remove ${-delta} from Desk lamp`,
    state,
    sendAttempts: 0,
    imported: null,
    resolution: null,
  };
}

const queued: StoredOpState = { kind: 'queued', retry: { attempts: 0, notBefore: 0 } };
const receipt = sampleReceipt();

const runtime = (finishing: Runtime['finishing'] = new Map()): Runtime => ({
  ready: true,
  now: NOW,
  connectivity: 'online',
  settledThisRound: null,
  storageProblem: null,
  testerMode: false,
  finishing,
  warnWithinMs: 86_400_000,
});

const view = (operations: OperationRecord[]): LocalView => ({
  ...emptyView(),
  operations: new Map(operations.map((r) => [r.id, r])),
  session: { key: 'session', token: 't', user: demo, expired: false },
  items: new Map([
    [
      'lamp-14',
      {
        id: 'lamp-14',
        sku: 'LMP-014',
        name: 'Desk lamp',
        location: 'A1',
        quantity: 12,
        revision: 7,
        updatedAt: '2026-11-29T16:00:00.000Z',
        barcode: null,
        lowStockThreshold: null,
        archived: false,
      },
    ],
  ]),
});

const buildSnapshot = (v: LocalView, r: Runtime) => new SnapshotBuilder().build(v, r);

describe('the snapshot', () => {
  it('derives the pending effect from the outbox, beside the confirmed quantity', () => {
    const snap = buildSnapshot(
      view([op(0, queued), op(1, { kind: 'confirmed', since: 1 }), op(2, queued, 'u2', -5)]),
      runtime(),
    );
    expect(snap.items[0]).toMatchObject({ quantity: 12, pendingDelta: -2 });
    expect(snap.unconfirmedCount).toBe(1);
    expect(snap.operations.map((o) => o.id)).toEqual(['L1.0', 'L1.1']);
    expect(snap.otherUsersWaiting).toEqual([{ userName: 'alex', count: 1 }]);
  });

  it('shows the latest pending count on the item, and which fixes each operation offers', () => {
    const counted = (order: number, quantity: number, state: StoredOpState): OperationRecord => ({
      ...op(order, state),
      op: { type: 'count', itemId: 'lamp-14', quantity, basedOnRevision: 7 },
    });
    const confirmed: StoredOpState = { kind: 'confirmed', since: 1 };
    const snap = buildSnapshot(
      view([
        counted(0, 9, queued),
        counted(1, 8, queued),
        counted(2, 3, confirmed),
        op(3, confirmed),
      ]),
      runtime(),
    );
    expect(snap.items[0]?.pendingCount).toBe(8);
    expect(snap.operations.map((o) => [o.id, o.canCancel, o.canReverse])).toEqual([
      ['L1.0', true, false],
      ['L1.1', true, false],
      ['L1.2', false, false],
      ['L1.3', false, true],
    ]);
    const none = buildSnapshot(view([counted(0, 9, confirmed)]), runtime());
    expect(none.items[0]?.pendingCount).toBeNull();
  });

  it('shows a receipt whose local transaction runs as finishing, still pending', () => {
    const sending: StoredOpState = {
      kind: 'sending',
      attemptId: 'a',
      since: 0,
      retry: { attempts: 0, notBefore: 0 },
    };
    const finishing = new Map([
      ['L1.1', { kind: 'finishing' as const, receipt, localWriteFailed: false }],
    ]);
    const snap = buildSnapshot(view([op(1, sending)]), runtime(finishing));
    expect(snap.operations[0]).toMatchObject({
      state: 'finishing',
      explanation: null,
      receipt,
    });
    expect(snap.items[0]?.pendingDelta).toBe(-2);
    expect(snap.unconfirmedCount).toBe(1);
  });

  it('reuses the view of an operation that did not change, and only that', () => {
    const builder = new SnapshotBuilder();
    const a = op(0, queued);
    const b = op(1, queued);
    const first = builder.build(view([a, b]), runtime());
    const changed = { ...b, state: { kind: 'confirmed', since: 2 } as StoredOpState };
    const second = builder.build({ ...view([a, changed]), operationsVersion: 1 }, runtime());
    expect(second).not.toBe(first);
    expect(second.operations[0]).toBe(first.operations[0]);
    expect(second.operations[1]).not.toBe(first.operations[1]);
    expect(second.operations[1]?.state).toBe('confirmed');
  });

  it('resting work says when it is checked again; the status bar says when the server is', () => {
    const resting: StoredOpState = {
      kind: 'waiting',
      since: 0,
      why: 'retries-exhausted',
      uncertain: true,
      detail: null,
    };
    const builder = new SnapshotBuilder();
    const record = op(0, resting);
    const at = (ms: number): Runtime => ({
      ...runtime(),
      connectivity: 'server-unreachable',
      nextCheckAt: ms,
      recheckAt: ms,
    });
    const first = builder.build(view([record]), at(NOW + 90_000));
    expect(first.connectivity).toBe('server-unreachable');
    expect(first.nextCheckAt).toBe('2026-11-29T17:01:30.000Z');
    expect(first.operations[0]).toMatchObject({
      state: 'waiting',
      nextRetryAt: '2026-11-29T17:01:30.000Z',
      explanation: { kind: 'retries-paused' },
    });
    // A new time is a new view of the same record.
    const later = builder.build(view([record]), at(NOW + 200_000));
    expect(later.operations[0]?.nextRetryAt).toBe('2026-11-29T17:03:20.000Z');
    // Back online: the first answer says so.
    const back = builder.build(view([record]), { ...runtime(), nextCheckAt: null });
    expect(back.connectivity).toBe('online');
    expect(back.nextCheckAt).toBeNull();
  });
});
