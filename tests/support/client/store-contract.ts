/**
 * ONE contract suite for every adapter of the storage port (like Replicache's
 * `kv/store-test-util.ts#runAll`). Framework-free, so the same cases run in vitest (memory,
 * fake-indexeddb) and in real Chromium (a test page bundles this file with the IndexedDB adapter).
 */
import type { LeaseResponse, Receipt } from '../../../src/protocol/schemas';
import { canonicalJson } from '../../../src/protocol/fingerprint';
import { DEFAULT_BACKOFF } from '../../../src/client/core/retry-policy';
import { exportOutbox, importOutbox } from '../../../src/client/transactions/device-backup';
import { cancelUnsent } from '../../../src/client/transactions/cancel-and-reverse';
import { storeLease } from '../../../src/client/transactions/leases';
import { getMeta, takeOrder } from '../../../src/client/transactions/meta';
import {
  beginRound,
  claim,
  enqueue,
  readWork,
  settle,
  unclaim,
  type Author,
  type Settlement,
} from '../../../src/client/transactions/outbox';
import type { AttemptStart } from '../../../src/client/core/attempt-rows';
import {
  getOperation,
  putOperation,
  queueRange,
} from '../../../src/client/transactions/record-index';
import { StorageFailure, type LocalStore } from '../../../src/client/store/local-store';
import type { AttemptRow, OperationRecord } from '../../../src/client/core/records';
import { sampleReceipt } from './sample-receipt';

export interface ContractDatabase {
  /** A new connection to this database (a tab); several may be open at once. */
  connect(): Promise<LocalStore>;
}

export interface ContractHarness {
  /** A fresh, empty database. */
  fresh(): Promise<ContractDatabase>;
}

export interface ContractCase {
  name: string;
  run(h: ContractHarness): Promise<void>;
}

class ContractViolation extends Error {}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ContractViolation(message);
}

function same(actual: unknown, expected: unknown, what: string): void {
  const show = (v: unknown) => (v === undefined ? 'undefined' : canonicalJson(v));
  const a = show(actual);
  const e = show(expected);
  check(a === e, `${what}: expected ${e}, got ${a}`);
}

async function rejects(p: Promise<unknown>, test: (e: unknown) => boolean, what: string) {
  try {
    await p;
  } catch (e) {
    check(test(e), `${what}: rejected with an unexpected ${String(e)}`);
    return;
  }
  check(false, `${what}: resolved instead of rejecting`);
}

const author: Author = { userId: 'u1', userName: 'demo' };
const policy = DEFAULT_BACKOFF;

export function leaseResponse(id: string, issuedAt: string, size = 10_000): LeaseResponse {
  const deadline = new Date(Date.parse(issuedAt) + 7 * 86_400_000).toISOString();
  return {
    lease: { id, userId: author.userId, deviceId: 'd1', size, issuedAt, deadline },
    token: `token-${id}`,
  };
}

const adjust = (itemId: string, delta: number) =>
  ({ type: 'adjust', itemId, delta, reason: 'sold' }) as const;

function receiptFor(id: string, itemId: string, quantity: number, revision: number): Receipt {
  return sampleReceipt({
    operationId: id,
    itemId,
    delta: -1,
    resultingQuantity: quantity,
    itemRevision: revision,
  });
}

const A1: AttemptStart = { attemptId: 'a1', kind: 'send', at: 5 };

/** The server's receipt for attempt A1, answered at 6. */
function receiptSettlement(id: string, receipt: Receipt): Settlement {
  const end = { endedAt: 6, result: 'response' as const, httpStatus: 201, serverTiming: { tx: 1 } };
  return { id, attempt: A1, end, kind: 'receipt', receipt, text: JSON.stringify(receipt) };
}

async function withLease(store: LocalStore, id = 'L1', issuedAt = '2026-11-29T17:00:00.000Z') {
  await store.write((tx) => storeLease(tx, author.userId, leaseResponse(id, issuedAt), 0));
}

async function saved(store: LocalStore, itemId = 'lamp-14', delta = -1): Promise<OperationRecord> {
  const result = await store.write((tx) => enqueue(tx, author, adjust(itemId, delta), 1000));
  check(result.kind === 'saved', 'enqueue saved the operation');
  return result.record;
}

/** A fresh store with a lease and one saved operation, claimed under A1. */
async function oneClaimed(h: ContractHarness): Promise<{ store: LocalStore; op: OperationRecord }> {
  const store = await (await h.fresh()).connect();
  await withLease(store);
  const op = await saved(store);
  await store.write((tx) => claim(tx, 'u1', [op.id], A1));
  return { store, op };
}

const item = (id: string, quantity: number, revision: number) => ({
  id,
  sku: id.toUpperCase(),
  name: id,
  location: 'A',
  quantity,
  revision,
  updatedAt: '2026-11-29T17:00:00.000Z',
  barcode: null,
  lowStockThreshold: null,
  archived: false,
});

export const STORE_CONTRACT: ContractCase[] = [
  {
    name: 'put, get and delete a record',
    async run(h) {
      const store = await (await h.fresh()).connect();
      await store.write((tx) => tx.put('items', item('lamp-14', 3, 1)));
      same(await store.read((tx) => tx.get('items', 'lamp-14')), item('lamp-14', 3, 1), 'get');
      await store.write((tx) => tx.delete('items', 'lamp-14'));
      same(await store.read((tx) => tx.get('items', 'lamp-14')), undefined, 'after delete');
    },
  },
  {
    name: 'values are copies: changing them after put or get changes nothing stored',
    async run(h) {
      const store = await (await h.fresh()).connect();
      const value = item('lamp-14', 3, 1);
      await store.write((tx) => tx.put('items', value));
      value.quantity = 99;
      const read = await store.read((tx) => tx.get('items', 'lamp-14'));
      check(read !== undefined && read.quantity === 3, 'put stored a copy');
      read.quantity = 42;
      const again = await store.read((tx) => tx.get('items', 'lamp-14'));
      check(again?.quantity === 3, 'get returned a copy');
    },
  },
  {
    name: 'getAll lists by primary key; a multi-entry index finds a record by each element of its list',
    async run(h) {
      const store = await (await h.fresh()).connect();
      const row = (attemptId: string, operationIds: string[]): AttemptRow => ({
        attemptId,
        kind: 'send',
        sentAt: 0,
        ends: Object.fromEntries(
          operationIds.map((id) => [
            id,
            { endedAt: null, result: 'pending', httpStatus: null, serverTiming: {} },
          ]),
        ),
        operationIds,
      });
      await store.write(async (tx) => {
        await tx.put('attempts', row('b', ['L.2', 'L.10']));
        await tx.put('attempts', row('z', ['L.10']));
        await tx.put('attempts', row('a', ['L.2']));
      });
      const keys = (await store.read((tx) => tx.getAll('attempts'))).map((a) => a.attemptId);
      same(keys, ['a', 'b', 'z'], 'order');
      const one = await store.read((tx) => tx.getAllFromIndex('attempts', 'byOperation', 'L.2'));
      same(
        one.map((a) => a.attemptId),
        ['a', 'b'],
        'by operation',
      );
      // A range meets a record once per element in it: by index key, then primary key.
      const range = await store.read((tx) =>
        tx.getAllFromIndex('attempts', 'byOperation', { lower: 'L.1', upper: 'L.3' }),
      );
      same(
        range.map((a) => a.attemptId),
        ['b', 'z', 'a', 'b'],
        'range',
      );
    },
  },
  {
    name: 'a sparse index leaves out records without its key, orders by index key, honours range and count',
    async run(h) {
      const store = await (await h.fresh()).connect();
      await withLease(store);
      const ops = [];
      for (let i = 0; i < 12; i++) ops.push(await saved(store));
      // Settle one: it leaves the queue index.
      const done = ops[3];
      check(done !== undefined, 'fixture');
      await store.write((tx) =>
        putOperation(tx, { ...done, state: { kind: 'confirmed', since: 1 } }),
      );
      const queue = await store.read((tx) =>
        tx.getAllFromIndex('operations', 'queue', queueRange('u1')),
      );
      same(
        queue.map((r) => r.order),
        ops.map((r) => r.order).filter((o) => o !== done.order),
        'queue order without the settled one',
      );
      const firstFive = await store.read((tx) => readWork(tx, 'u1', 5));
      same(firstFive.queue.length, 5, 'count');
      const other = await store.read((tx) =>
        tx.getAllFromIndex('operations', 'queue', queueRange('u2')),
      );
      same(other.length, 0, 'another user’s range');
    },
  },
  {
    name: 'a write that throws keeps nothing and rejects with that error',
    async run(h) {
      const store = await (await h.fresh()).connect();
      await store.write((tx) => tx.put('items', item('lamp-14', 3, 1)));
      const boom = new Error('boom');
      await rejects(
        store.write(async (tx) => {
          await tx.put('items', item('lamp-14', 1, 2));
          await tx.put('items', item('desk-2', 1, 1));
          throw boom;
        }),
        (e) => e === boom,
        'write',
      );
      same(await store.read((tx) => tx.getAll('items')), [item('lamp-14', 3, 1)], 'unchanged');
    },
  },
  {
    name: 'concurrent read-modify-write transactions are serializable, across connections',
    async run(h) {
      const db = await h.fresh();
      const [a, b] = [await db.connect(), await db.connect()];
      const orders = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).write((tx) => takeOrder(tx))),
      );
      same(
        [...orders].sort((x, y) => x - y),
        Array.from({ length: 20 }, (_, i) => i),
        'orders',
      );
    },
  },
  {
    name: 'committed data survives closing and reopening',
    async run(h) {
      const db = await h.fresh();
      const first = await db.connect();
      await first.write((tx) => tx.put('items', item('lamp-14', 3, 1)));
      first.close();
      await rejects(
        first.read((tx) => tx.getAll('items')),
        (e) => e instanceof StorageFailure && e.kind === 'closed',
        'closed',
      );
      const second = await db.connect();
      same(
        await second.read((tx) => tx.get('items', 'lamp-14')),
        item('lamp-14', 3, 1),
        'reopened',
      );
    },
  },
  {
    name: 'enqueue takes distinct sequential ids from the freshest lease, across connections',
    async run(h) {
      const db = await h.fresh();
      const [a, b] = [await db.connect(), await db.connect()];
      await withLease(a, 'Lold', '2026-11-20T00:00:00.000Z');
      await withLease(a, 'Lnew', '2026-11-29T00:00:00.000Z');
      const records = await Promise.all(Array.from({ length: 10 }, (_, i) => saved(i % 2 ? a : b)));
      same(
        records.map((r) => r.id).sort(),
        Array.from({ length: 10 }, (_, i) => `Lnew.${i}`).sort(),
        'ids',
      );
      same(new Set(records.map((r) => r.order)).size, 10, 'distinct orders');
    },
  },
  {
    name: 'enqueue without a lease saves nothing',
    async run(h) {
      const store = await (await h.fresh()).connect();
      const result = await store.write((tx) => enqueue(tx, author, adjust('lamp-14', -1), 0));
      same(result.kind, 'no-lease', 'result');
      same((await store.read((tx) => tx.getAll('operations'))).length, 0, 'nothing saved');
    },
  },
  {
    name: 'a new lease moves only operations with no recorded attempt',
    async run(h) {
      const store = await (await h.fresh()).connect();
      await withLease(store, 'L1', '2026-11-20T00:00:00.000Z');
      const sent = await saved(store);
      const unsent = await saved(store);
      await store.write((tx) =>
        claim(tx, 'u1', [sent.id], { attemptId: 'a1', kind: 'send', at: 1 }),
      );
      await withLease(store, 'L2', '2026-11-29T00:00:00.000Z');
      const ids = (await store.read((tx) => tx.getAll('operations'))).map((r) => r.id).sort();
      same(ids, ['L1.0', 'L2.0'], 'the attempted id stays frozen, the other moved');
      check(unsent.id === 'L1.1', 'fixture');
      same(
        (await store.read((tx) => tx.getAll('leases'))).map((l) => l.id).sort(),
        ['L1', 'L2'],
        'the lease still in use is kept',
      );
    },
  },
  {
    name: 'claim records the attempt in one claims record, read as the new state (its row when it ends); it is claimed once',
    async run(h) {
      const db = await h.fresh();
      const [a, b] = [await db.connect(), await db.connect()];
      await withLease(a);
      const op = await saved(a);
      const [first, second] = await Promise.all([
        a.write((tx) => claim(tx, 'u1', [op.id], A1)),
        b.write((tx) => claim(tx, 'u1', [op.id], { attemptId: 'b1', kind: 'send', at: 5 })),
      ]);
      same(first.length + second.length, 1, 'one claim wins');
      const read = await a.read((tx) => getOperation(tx, op.id));
      same(read?.state.kind, 'sending', 'state');
      same(read?.sendAttempts, 1, 'attempt count');
      const winner = first.length === 1 ? A1.attemptId : 'b1';
      same(read?.state.kind === 'sending' && read.state.attemptId, winner, 'attempt in state');
      // One put for the claim, however many operations it carries: their records are written
      // when the attempt settles, and its timeline row when it ends.
      same((await a.read((tx) => tx.get('operations', op.id)))?.state.kind, 'queued', 'record');
      const claims = await a.read((tx) => getMeta(tx, 'claims'));
      same(
        claims?.claims.map((c) => [c.attemptId, c.ids]),
        [[winner, [op.id]]],
        'the claim',
      );
      same((await a.read((tx) => tx.getAll('attempts'))).length, 0, 'no row until it ends');
    },
  },
  {
    name: 'settling a receipt stores it, advances the projection and finishes the operation, once',
    async run(h) {
      const store = await (await h.fresh()).connect();
      await withLease(store);
      await store.write((tx) => tx.put('items', item('lamp-14', 5, 3)));
      const op = await saved(store);
      await store.write((tx) => claim(tx, 'u1', [op.id], A1));
      const receipt = receiptFor(op.id, 'lamp-14', 4, 4);
      const settlement = receiptSettlement(op.id, receipt);
      await store.write((tx) => settle(tx, 'u1', [settlement], 6, policy));
      await store.write((tx) => settle(tx, 'u1', [settlement], 7, policy));
      same(
        (await store.read((tx) => tx.get('operations', op.id)))?.state,
        { kind: 'confirmed', since: 6 },
        'state',
      );
      same(
        (await store.read((tx) => tx.get('operations', op.id)))?.receipt?.text,
        JSON.stringify(receipt),
        'receipt text',
      );
      same((await store.read((tx) => tx.get('items', 'lamp-14')))?.quantity, 4, 'projection');
      same((await store.read((tx) => readWork(tx, 'u1', 10))).queue.length, 0, 'out of the queue');
      same(
        (await store.read((tx) => tx.get('attempts', 'a1')))?.ends[op.id]?.serverTiming,
        { tx: 1 },
        'timeline',
      );
    },
  },
  {
    name: 'a batch is one attempt row, filled chunk by chunk; a round after a closed tab keeps the ends stored',
    async run(h) {
      const store = await (await h.fresh()).connect();
      await withLease(store);
      const ops = [await saved(store), await saved(store), await saved(store)];
      const ids = ops.map((o) => o.id);
      await store.write((tx) => claim(tx, 'u1', ids, A1));
      const settlement = (id: string) => receiptSettlement(id, receiptFor(id, 'lamp-14', 4, 4));
      // The first two settle in two chunks; the tab closes before the third's.
      await store.write((tx) => settle(tx, 'u1', [settlement(ids[0] ?? '')], 6, policy));
      await store.write((tx) => settle(tx, 'u1', [settlement(ids[1] ?? '')], 6, policy));
      await store.write((tx) =>
        beginRound(tx, 'u1', ids, 9, policy, { all: false, resendId: null }),
      );
      const rows = await store.read((tx) => tx.getAll('attempts'));
      same(rows.length, 1, 'one row for the batch');
      same(rows[0]?.operationIds, ids, 'its operations');
      same(
        ids.map((id) => rows[0]?.ends[id]?.result),
        ['response', 'response', 'network-error'],
        'how it ended for each',
      );
      same(rows[0]?.ends[ids[2] ?? '']?.endedAt, 9, 'the orphan ended with the next round');
      const third = await store.read((tx) =>
        tx.getAllFromIndex('attempts', 'byOperation', ids[2] ?? ''),
      );
      same(
        third.map((r) => r.attemptId),
        ['a1'],
        'found by each of its operations',
      );
    },
  },
  {
    name: 'a claimed operation cannot be cancelled; given back unsent, it can',
    async run(h) {
      const { store, op } = await oneClaimed(h);
      // Its record still says queued and never sent: only the claim says it may have left.
      same(await store.write((tx) => cancelUnsent(tx, 'u1', op.id)), false, 'while claimed');
      await store.write((tx) => unclaim(tx, [op.id], A1.attemptId));
      same((await store.read((tx) => getOperation(tx, op.id)))?.sendAttempts, 0, 'given back');
      same(await store.write((tx) => cancelUnsent(tx, 'u1', op.id)), true, 'once given back');
    },
  },
  {
    name: 'a settle that cannot complete keeps nothing of it',
    async run(h) {
      const { store, op } = await oneClaimed(h);
      const receipt = receiptFor(op.id, 'lamp-14', 4, 4);
      await rejects(
        store.write(async (tx) => {
          await settle(tx, 'u1', [receiptSettlement(op.id, receipt)], 6, policy);
          throw new Error('tab closed before commit');
        }),
        (e) => e instanceof Error,
        'settle',
      );
      same(
        (await store.read((tx) => getOperation(tx, op.id)))?.state.kind,
        'sending',
        'still in the outbox',
      );
      same(
        (await store.read((tx) => tx.get('operations', op.id)))?.receipt,
        undefined,
        'no receipt',
      );
    },
  },
  {
    name: 'a backup restores into review with leases that never hand out ids',
    async run(h) {
      const from = await (await h.fresh()).connect();
      await withLease(from, 'Lx', '2026-11-29T00:00:00.000Z');
      const op = await saved(from);
      const backup = await from.read((tx) => exportOutbox(tx, author.userId, 50));
      const to = await (await h.fresh()).connect();
      const owner = { id: author.userId, name: author.userName };
      const first = await to.write((tx) => importOutbox(tx, backup, 60, owner));
      const second = await to.write((tx) => importOutbox(tx, backup, 61, owner));
      same(
        [first, second],
        [
          { imported: 1, skipped: 0 },
          { imported: 0, skipped: 1 },
        ],
        'counts',
      );
      const restored = await to.read((tx) => tx.get('operations', op.id));
      same(restored?.state.kind, 'review', 'in review');
      same((await to.read((tx) => readWork(tx, 'u1', 10))).queue.length, 0, 'never queued to send');
      const result = await to.write((tx) => enqueue(tx, author, adjust('lamp-14', 1), 70));
      same(result.kind, 'no-lease', 'the restored lease gives no ids');
    },
  },
];

export interface CaseResult {
  name: string;
  ok: boolean;
  error?: string;
}

export async function runContract(h: ContractHarness): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of STORE_CONTRACT) {
    try {
      await c.run(h);
      results.push({ name: c.name, ok: true });
    } catch (e) {
      results.push({
        name: c.name,
        ok: false,
        error: e instanceof Error ? (e.stack ?? e.message) : String(e),
      });
    }
  }
  return results;
}
