/**
 * What a build costs among 10,000 operations (snapshot.ts): after a change to one operation it
 * asks for one operation view and visits no other operation; time passing asks only for the views
 * whose due time it reached. Counted,
 * not timed: the operation views count what they are asked (and make), the operations are a map
 * that counts its reads and walks.
 */
import { beforeEach, expect, it } from 'vitest';
import { emptyView, type WritableView } from './local-view';
import type { OperationRecord } from './records';
import { operationView } from './operation-view';
import { OperationViews } from './operation-views';
import { SnapshotBuilder, type Runtime } from './snapshot';
import type { FinishingState } from './operation-state';
import { SAMPLE_CREATED_AT, sampleRecord } from '../../../tests/support/client/sample-record';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';

const N = 10_000;
const HOUR = 3_600_000;

/** The operations, counting each read of one and each walk through all. */
class CountingMap extends Map<string, OperationRecord> {
  reads = 0;
  walks = 0;
  override get(id: string) {
    this.reads++;
    return super.get(id);
  }
  override values() {
    this.walks++;
    return super.values();
  }
  override entries() {
    this.walks++;
    return super.entries();
  }
  override keys() {
    this.walks++;
    return super.keys();
  }
  override [Symbol.iterator]() {
    this.walks++;
    return super[Symbol.iterator]();
  }
  override forEach(...args: Parameters<Map<string, OperationRecord>['forEach']>) {
    this.walks++;
    super.forEach(...args);
  }
}

/** Operation views that count the views asked for and those made (not reused). */
class CountingViews extends OperationViews {
  asked = 0;
  made = 0;
  constructor() {
    super((...args) => {
      this.made++;
      return operationView(...args);
    });
  }
  override get(...args: Parameters<OperationViews['get']>) {
    this.asked++;
    return super.get(...args);
  }
}

let operations: CountingMap;
let v: WritableView;
let views: CountingViews;
let builder: SnapshotBuilder;
let now: number;
const finishing = new Map<string, FinishingState>();

const runtime = (): Runtime => ({
  ready: true,
  now,
  connectivity: 'online',
  settledThisRound: 0,
  storageProblem: null,
  testerMode: false,
  finishing,
  warnWithinMs: 24 * HOUR,
});

/** A committed write of these records, told as the live view tells it. */
function write(...records: OperationRecord[]): void {
  const before = v.operationsVersion;
  for (const r of records) operations.set(r.id, r);
  v.operationsVersion++;
  builder.changed(
    v,
    before,
    records.map((r) => r.id),
  );
}

/** What building once more costs: views asked for and made, operations read, walks through all. */
function cost() {
  views.asked = 0;
  views.made = 0;
  operations.reads = 0;
  operations.walks = 0;
  builder.build(v, runtime());
  return { asked: views.asked, made: views.made, reads: operations.reads, walks: operations.walks };
}

beforeEach(() => {
  now = SAMPLE_CREATED_AT + HOUR;
  finishing.clear();
  operations = new CountingMap();
  v = emptyView();
  v.operations = operations;
  v.session = {
    key: 'session',
    token: 't',
    user: { id: 'u1', name: 'demo', role: 'staff' },
    expired: false,
  };
  v.leases.set('L1', {
    id: 'L1',
    userId: 'u1',
    deviceId: 'd1',
    size: 20_000,
    issuedAt: new Date(SAMPLE_CREATED_AT).toISOString(),
    deadline: new Date(SAMPLE_CREATED_AT + 10 * HOUR).toISOString(),
    token: 't',
    nextSeq: N,
    fetchedAt: SAMPLE_CREATED_AT,
    origin: 'issued',
  });
  for (let i = 0; i < N; i++) operations.set(`L1.${i}`, sampleRecord(i));
  views = new CountingViews();
  builder = new SnapshotBuilder(views);
  expect(cost()).toMatchObject({ asked: N, made: N });
});

it('after one enqueue, one view is made and no other operation is visited', () => {
  write(sampleRecord(N));
  expect(cost()).toEqual({ asked: 1, made: 1, reads: expect.any(Number), walks: 0 });
  expect(operations.reads).toBeLessThanOrEqual(4);
  const snapshot = builder.build(v, runtime());
  expect(snapshot.operations).toHaveLength(N + 1);
  expect(snapshot.unconfirmedCount).toBe(N + 1);
  expect(snapshot.items).toEqual([]);
});

it('after a claim of one, or a receipt in hand for one, one view is made', () => {
  const claimed = sampleRecord(17, {
    state: { kind: 'sending', attemptId: 'a1', since: now, retry: { attempts: 0, notBefore: 0 } },
    sendAttempts: 1,
  });
  write(claimed);
  expect(cost()).toMatchObject({ asked: 1, made: 1, walks: 0 });
  finishing.set(claimed.id, {
    kind: 'finishing',
    receipt: sampleReceipt({ operationId: claimed.id }),
    localWriteFailed: false,
  });
  expect(cost()).toMatchObject({ asked: 1, made: 1, walks: 0 });
  expect(builder.build(v, runtime()).operations[17]?.state).toBe('finishing');
});

it('time passing makes no view of operations whose views do not move with time', () => {
  now += HOUR;
  expect(cost()).toEqual({ asked: 0, made: 0, reads: 0, walks: 0 });
});

it('a view that moves with time is asked again only when its due time comes', () => {
  // Every operation waits for its next attempt, due one after another, a second apart.
  const unknown = (i: number): OperationRecord =>
    sampleRecord(i, {
      state: {
        kind: 'unknown',
        since: now,
        retry: { attempts: 1, notBefore: now + (i + 1) * 1000 },
        notYet: false,
      },
      sendAttempts: 1,
    });
  write(...Array.from({ length: N }, (_, i) => unknown(i)));
  expect(cost()).toMatchObject({ asked: N, made: N, walks: 0 });
  now += 2_500;
  expect(cost()).toEqual({ asked: 2, made: 2, reads: 2, walks: 0 });
  now += 500;
  expect(cost()).toEqual({ asked: 1, made: 1, reads: 1, walks: 0 });
  expect(builder.build(v, runtime())).toEqual(new SnapshotBuilder().build(v, runtime()));
});

it('a snapshot followed through these changes equals one built from nothing', () => {
  write(sampleRecord(N), sampleRecord(3, { resolution: { kind: 'discarded', note: 'n', at: 1 } }));
  now += HOUR;
  cost();
  expect(builder.build(v, runtime())).toEqual(new SnapshotBuilder().build(v, runtime()));
});
