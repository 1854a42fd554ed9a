/**
 * The device's side: a local transaction that fails after the server answered, a full disk, a tab
 * closed mid-send, two tabs on one IndexedDB, restored backups. Real server, fake client time.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_WRITES, type OutboxWrites } from '../../src/client/transactions/outbox';
import type { MetaRecord } from '../../src/client/store/schema';
import { getOperation, putOperation } from '../../src/client/transactions/record-index';
import { StorageFailure, type LocalStore } from '../../src/client/store/local-store';
import { createMemoryDatabase, openMemoryStore } from '../../src/client/store/memory-store';
import { MIGRATIONS, openIdbStore } from '../../src/client/store/idb-store';
import { localLock } from '../../src/client/tabs';
import { drainFromWorker } from '../../src/client/worker-drain';
import { routedFetch } from './support/network';
import { sharedWatch } from './support/watch-signals';
import { faultyStore } from './support/faulty-store';
import {
  effectsOf,
  opById,
  savedOffline,
  serverIdle,
  signedIn,
  startHarness,
  until,
  untilServer,
  type Harness,
} from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  h.network.set(true);
  await h.clearFaults();
});

/**
 * The operation records stored in this IndexedDB as every reader sees them, the claims applied
 * (another connection, after a tab closed).
 */
async function storedRecords(indexedDB: IDBFactory, ids: readonly string[]) {
  const stored = await openIdbStore({ indexedDB });
  const records = await stored.read((tx) => Promise.all(ids.map((id) => getOperation(tx, id))));
  stored.close();
  return records;
}

describe('the device side', () => {
  it('a receipt whose local transaction fails stays in the outbox, shown as needing attention', async () => {
    let failNext = true;
    const outbox: OutboxWrites = {
      ...OUTBOX_WRITES,
      settle: (tx, userId, settlements, at, policy, ends) => {
        if (failNext && settlements.some((s) => s.kind === 'receipt')) {
          failNext = false;
          return Promise.reject(new StorageFailure('write-failed', 'the disk said no'));
        }
        return OUTBOX_WRITES.settle(tx, userId, settlements, at, policy, ends);
      },
    };
    const c = await signedIn(h, { outbox });
    const op = await c.adjust({ itemId: 'lamp-14', delta: -1, reason: 'sold' });
    await c.whenIdle();
    const stuck = opById(c, op.id);
    expect(stuck.state).toBe('finishing');
    expect(stuck).toMatchObject({
      state: 'finishing',
      explanation: { kind: 'local-write-failed' },
    });
    expect(stuck.canCheckAndResend).toBe(true);
    expect(c.getSnapshot().storageProblem).toBe('local-write-failed');
    expect(await effectsOf(h, 'lamp-14', op.id)).toBe(1);
    await c.checkAndResend(op.id);
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('confirmed');
    expect(await effectsOf(h, 'lamp-14', op.id)).toBe(1);
  });

  it('a full disk is shown plainly; nothing already saved is lost', async () => {
    const store = faultyStore(openMemoryStore(createMemoryDatabase()));
    const c = await signedIn(h, { store });
    h.network.set(false);
    const first = await c.adjust({ itemId: 'lamp-15', delta: -1, reason: 'sold' });
    store.failWrites(1, 'quota-exceeded');
    await expect(c.adjust({ itemId: 'lamp-15', delta: -1, reason: 'sold' })).rejects.toMatchObject({
      kind: 'storage',
    });
    expect(c.getSnapshot().storageProblem).toBe('quota-exceeded');
    await c.whenIdle();
    expect(c.getSnapshot().operations.map((o) => o.id)).toEqual([first.id]);
    h.network.set(true);
    await c.whenIdle();
    expect(opById(c, first.id).state).toBe('confirmed');
    expect(c.getSnapshot().storageProblem).toBeNull();
  });

  it('a newer app version needing the database: this tab lets go of it and says so; nothing is lost', async () => {
    const indexedDB = new IDBFactory();
    const c = await signedIn(h, { indexedDB });
    h.network.set(false);
    const op = await c.adjust({ itemId: 'lamp-14', delta: -1, reason: 'sold' });
    const newer = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('stockroom', MIGRATIONS.length + 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error('the newer version could not open the database'));
    });
    await until(() => c.getSnapshot().storageProblem === 'upgrade-blocked', 'the problem shown');
    const kept = await new Promise<unknown>((resolve) => {
      const get = newer.transaction('operations').objectStore('operations').get(op.id);
      get.onsuccess = () => resolve(get.result);
    });
    expect(kept).toMatchObject({ id: op.id, state: { kind: 'queued' } });
    newer.close();
  });

  it('a tab closed mid-send loses nothing: the next start resumes with the same id', async () => {
    const indexedDB = new IDBFactory();
    const first = await signedIn(h, { indexedDB });
    // Held long enough that the tab closes before the server answers, however busy the machine.
    await h.fault({ fault: 'delay', delayMs: 2000, times: 1 });
    const op = await first.adjust({ itemId: 'bulb-e27', delta: -4, reason: 'sold' });
    // The attempt has reached the server (held there by the delay) when the tab closes.
    await untilServer(h, op.id, (a) => a.received === 1, 'the first attempt at the server');
    first.close();
    const second = h.client({ indexedDB });
    await second.whenIdle();
    await until(() => opById(second, op.id).state === 'confirmed', 'the resumed operation');
    expect(opById(second, op.id).attempts).toHaveLength(2);
    // Both attempts are through on the server (the delayed first one too): one effect.
    await untilServer(h, op.id, (a) => serverIdle(a) && a.received === 2, 'both attempts done');
    expect(await effectsOf(h, 'bulb-e27', op.id)).toBe(1);
  });

  it('the sender reads the queue for its plan a page per read transaction, a batch of 130 whole', async () => {
    const inner = await openIdbStore({ indexedDB: new IDBFactory() });
    // Operation records each read transaction took from the queue or checks index.
    const read: number[] = [];
    const store: LocalStore = {
      async read(fn) {
        let n = 0;
        const value = await inner.read((tx) =>
          fn({
            ...tx,
            getAllFromIndex: async (name, index, query, count) => {
              const vs = await tx.getAllFromIndex(name, index, query, count);
              if (name === 'operations') n += vs.length;
              return vs;
            },
          }),
        );
        read.push(n);
        return value;
      },
      write: (fn, options) => inner.write(fn, options),
      close: () => inner.close(),
    };
    const c = await signedIn(h, { store });
    const ids = await savedOffline(h, c, 130, 'lamp-15');
    read.length = 0;
    h.network.set(true);
    await c.whenIdle();
    expect(ids.map((id) => opById(c, id).state)).toEqual(Array(130).fill('confirmed'));
    // One batch: every operation went in the same attempt.
    expect(new Set(ids.map((id) => opById(c, id).attempts[0]?.attemptId)).size).toBe(1);
    expect(Math.max(...read)).toBe(100);
  });

  it('a round’s start reads only the operations it may change: one backing off among 130 saved', async () => {
    const indexedDB = new IDBFactory();
    const first = await signedIn(h, { indexedDB });
    const ids = await savedOffline(h, first, 130, 'lamp-15');
    first.close();
    const raw = await openIdbStore({ indexedDB });
    // One of them, past the first page, backs off until far in the future (attempts made).
    const backingOff = ids[120] ?? '';
    await raw.write(async (tx) => {
      const record = await getOperation(tx, backingOff);
      if (!record) throw new Error('saved operation missing');
      const retry = { attempts: 2, notBefore: h.clock.now() + 3_600_000 };
      await putOperation(tx, { ...record, state: { kind: 'queued', retry } });
    });
    // Operation records each index gave to read transactions.
    const reads: Record<string, number> = {};
    const store: LocalStore = {
      read: (fn) =>
        raw.read((tx) =>
          fn({
            ...tx,
            getAllFromIndex: async (name, index, query, count) => {
              const vs = await tx.getAllFromIndex(name, index, query, count);
              if (name === 'operations') reads[index] = (reads[index] ?? 0) + vs.length;
              return vs;
            },
          }),
        ),
      write: (fn, options) => raw.write(fn, options),
      close: () => raw.close(),
    };
    const second = h.client({ store });
    h.network.set(true);
    await second.whenIdle();
    // Restarted (due now), so the queue drained in order: nothing waited an hour.
    expect(ids.map((id) => opById(second, id).state)).toEqual(Array(130).fill('confirmed'));
    // The round's start read the one it restarts; the queue was read once, by the batch's plan.
    expect(reads).toEqual({ restart: 1, queue: 130, checks: 0 });
    second.close();
  });

  it('a round’s start on a clock that reads earlier than the latest change made: the saved work is due now', async () => {
    const c = await signedIn(h);
    const madeAt = h.clock.now();
    await savedOffline(h, c, 3, 'lamp-15');
    // The device’s clock is set back a minute (it ran fast): the work is due since it was made.
    h.clock.set(madeAt - 60_000);
    try {
      h.network.set(true);
      await c.whenIdle();
      expect(c.getSnapshot().operations.map((o) => o.state)).toEqual(Array(3).fill('confirmed'));
    } finally {
      h.clock.set(Math.max(madeAt, h.clock.now()));
    }
  });

  it('a round’s start writes chunkSize operations per write transaction', async () => {
    const indexedDB = new IDBFactory();
    const policy = { chunkSize: 3 };
    const first = await signedIn(h, { indexedDB, policy });
    const ids = await savedOffline(h, first, 130, 'lamp-15');
    const userId = first.getSnapshot().user?.id ?? '';
    first.close();
    // A sender claimed four of them and its tab closed: one of them past the first page.
    const orphans = [ids[0], ids[1], ids[2], ids[120]].map((id) => id ?? '');
    const raw = await openIdbStore({ indexedDB });
    const attempt = { attemptId: 'gone', kind: 'send', at: 1 } as const;
    await raw.write((tx) => OUTBOX_WRITES.claim(tx, userId, orphans, attempt));
    // Operation records each write transaction read or wrote.
    const touched: number[] = [];
    const store: LocalStore = {
      read: (fn) => raw.read(fn),
      async write(fn, options) {
        let n = 0;
        const value = await raw.write(
          (tx) =>
            fn({
              ...tx,
              get: async (name, key) => {
                const v = await tx.get(name, key);
                if (name === 'operations' && v) n++;
                return v;
              },
              getAllFromIndex: async (name, index, query, count) => {
                const vs = await tx.getAllFromIndex(name, index, query, count);
                if (name === 'operations') n += vs.length;
                return vs;
              },
            }),
          options,
        );
        touched.push(n);
        return value;
      },
      close: () => raw.close(),
    };
    const second = h.client({ store, policy });
    await second.whenIdle();
    expect(orphans.map((id) => opById(second, id).state)).toEqual(Array(4).fill('unknown'));
    expect(Math.max(...touched)).toBeLessThanOrEqual(3);
    second.close();
  });

  it('a tab closed between two chunks of a batch’s receipts: the stored ones stay; the rest resend with the same ids', async () => {
    const indexedDB = new IDBFactory();
    const store = faultyStore(await openIdbStore({ indexedDB }));
    // One batch of 6, its receipts stored 2 per transaction.
    const policy = { batchSize: 6, chunkSize: 2, maxChunkSize: 2 };
    const first = await signedIn(h, { store, policy });
    const ids = await savedOffline(h, first, 6, 'lamp-15');
    // The first chunk commits; the tab closes before the second one's commit.
    store.crashBeforeReceiptCommit(1);
    h.network.set(true);
    await first.whenIdle();
    expect(store.crashed).toBe(true);
    first.close();
    const records = await storedRecords(indexedDB, ids);
    // Each receipt with its own state: 2 confirmed, 4 still in the attempt they went out in.
    expect(records.filter((r) => r?.receipt).map((r) => r?.id)).toEqual(ids.slice(0, 2));
    expect(records.map((r) => r?.state.kind)).toEqual([
      'confirmed',
      'confirmed',
      'sending',
      'sending',
      'sending',
      'sending',
    ]);
    const second = h.client({ indexedDB, policy });
    await second.whenIdle();
    await until(
      () => ids.every((id) => opById(second, id).state === 'confirmed'),
      'every operation confirmed after the restart',
    );
    for (const id of ids) {
      expect(opById(second, id).receipt).not.toBeNull();
      expect(await effectsOf(h, 'lamp-15', id)).toBe(1);
    }
    // The stored ones went once; the rest again, under their own ids.
    expect(ids.map((id) => opById(second, id).attempts.length)).toEqual([1, 1, 2, 2, 2, 2]);
  });

  it('a tab closed as a batch’s receipts are stored, the next batch already sent ahead: both resend with the same ids', async () => {
    const indexedDB = new IDBFactory();
    const store = faultyStore(await openIdbStore({ indexedDB }));
    // Batches of 2: the third is claimed while the second is in flight and sent with its answer.
    const policy = { batchSize: 2 };
    const first = await signedIn(h, { store, policy });
    const ids = await savedOffline(h, first, 5, 'lamp-15');
    // The first batch's receipts commit; the tab closes before the second batch's commit.
    store.crashBeforeReceiptCommit(1);
    h.network.set(true);
    await first.whenIdle();
    expect(store.crashed).toBe(true);
    first.close();
    const records = await storedRecords(indexedDB, ids);
    // The third batch went out before the tab closed: it is in flight, like the second.
    expect(records.map((r) => r?.state.kind)).toEqual([
      'confirmed',
      'confirmed',
      'sending',
      'sending',
      'sending',
    ]);
    for (const id of ids) expect(await effectsOf(h, 'lamp-15', id)).toBe(1);
    const second = h.client({ indexedDB, policy });
    await second.whenIdle();
    await until(
      () => ids.every((id) => opById(second, id).state === 'confirmed'),
      'every operation confirmed after the restart',
    );
    for (const id of ids) expect(await effectsOf(h, 'lamp-15', id)).toBe(1);
    expect(ids.map((id) => opById(second, id).attempts.length)).toEqual([1, 1, 2, 2, 2]);
  });

  it('a batch whose claim fails part-way never leaves: the part claimed goes back to the queue', async () => {
    const inner = await openIdbStore({ indexedDB: new IDBFactory() });
    let claims = 0;
    let failSecondClaim = false;
    const store: LocalStore = {
      read: (fn) => inner.read(fn),
      write: (fn) =>
        inner.write(async (tx) => {
          // A claim writes the claims record and no operation record.
          const wrote = new Set<string>();
          const value = await fn({
            ...tx,
            put: (name, v) => {
              wrote.add(name === 'meta' ? (v as MetaRecord).key : name);
              return tx.put(name, v);
            },
          });
          const claiming = wrote.has('claims') && !wrote.has('operations');
          if (claiming && failSecondClaim && ++claims === 2) {
            throw new StorageFailure('write-failed', 'the disk said no');
          }
          return value;
        }),
      close: () => inner.close(),
    };
    // One batch of 6, claimed 2 per transaction.
    const c = await signedIn(h, { store, policy: { batchSize: 6, chunkSize: 2, maxChunkSize: 2 } });
    const ids = await savedOffline(h, c, 6, 'lamp-15');
    failSecondClaim = true;
    h.network.set(true);
    await c.whenIdle();
    expect(claims).toBe(2);
    expect(c.getSnapshot().storageProblem).toBe('local-write-failed');
    // The first two were claimed, then given back: provably never sent, so no attempt shows.
    expect(ids.map((id) => [opById(c, id).state, opById(c, id).attempts.length])).toEqual(
      Array(6).fill(['queued', 0]),
    );
    for (const id of ids) expect(await effectsOf(h, 'lamp-15', id)).toBe(0);
    failSecondClaim = false;
    h.network.set(false);
    h.network.set(true);
    await until(
      () => ids.every((id) => opById(c, id).state === 'confirmed'),
      'every operation confirmed once the disk works',
    );
    for (const id of ids) expect(await effectsOf(h, 'lamp-15', id)).toBe(1);
    expect(ids.map((id) => opById(c, id).attempts.length)).toEqual(Array(6).fill(1));
  });

  // One sender at a time across tabs (Web Locks) is proven in real Chromium: tests/e2e/two-tabs.
  it('two tabs: the other re-reads IndexedDB when told; resending a confirmed one sends nothing', async () => {
    const indexedDB = new IDBFactory();
    const lock = localLock(); // shared by both tabs, as Web Locks would be
    const options = {
      indexedDB,
      lock,
      broadcast: (name: string) => new BroadcastChannel(name),
      dbName: 'two-tabs',
    };
    const a = await signedIn(h, options);
    const b = h.client(options);
    await b.whenIdle();
    expect(b.getSnapshot().user?.name).toBe(a.getSnapshot().user?.name);
    const op = await a.adjust({ itemId: 'cable-3m', delta: -1, reason: 'sold' });
    await until(() => opById(b, op.id).state === 'confirmed', 'the other tab to see the receipt');
    await Promise.all([a.checkAndResend(op.id), b.checkAndResend(op.id)]);
    await Promise.all([a.whenIdle(), b.whenIdle()]);
    expect(opById(a, op.id).attempts).toHaveLength(1);
    expect(await effectsOf(h, 'cable-3m', op.id)).toBe(1);
  });

  it('a restored backup goes to review; the status endpoint decides; sending it needs the person', async () => {
    // Two old devices, each with one operation of unknown outcome: one landed, one did not.
    const backups: string[] = [];
    const ids: string[] = [];
    for (const fault of ['drop-response', 'drop-request'] as const) {
      const source = await signedIn(h);
      await h.fault({ fault, times: 1 });
      const op = await source.adjust({ itemId: 'plate-26', delta: -1, reason: 'sold' });
      await source.whenIdle();
      expect(opById(source, op.id).state).toBe('unknown');
      backups.push(await source.exportBackup());
      ids.push(op.id);
      source.close();
    }
    const [landed, lost] = ids.map((id) => ({ id })) as [{ id: string }, { id: string }];

    const restored = await signedIn(h);
    for (const backup of backups) expect(await restored.importBackup(backup)).toEqual({ ok: true });
    await restored.whenIdle();
    expect(opById(restored, landed.id).state).toBe('confirmed');
    const waiting = opById(restored, lost.id);
    expect(waiting.state).toBe('review');
    expect(waiting.imported).toBe(true);
    expect(waiting.reason).toEqual({ kind: 'imported' });
    expect(waiting.attempts.map((a) => a.kind)).toEqual(['send', 'status']);
    expect(await effectsOf(h, 'plate-26', lost.id)).toBe(0);
    await restored.checkAndResend(lost.id);
    await restored.whenIdle();
    expect(opById(restored, lost.id).state).toBe('confirmed');
    expect(await effectsOf(h, 'plate-26', lost.id)).toBe(1);
    expect(await effectsOf(h, 'plate-26', landed.id)).toBe(1);
    expect(await restored.importBackup('{"not":"a backup"}')).toMatchObject({ ok: false });
  });

  it('the service worker drains with the same sender code, no tab open', async () => {
    const indexedDB = new IDBFactory();
    const tab = await signedIn(h, { indexedDB });
    h.network.set(false);
    const ops = [
      await tab.adjust({ itemId: 'towel-tea', delta: -1, reason: 'sold' }),
      await tab.adjust({ itemId: 'towel-tea', delta: 2, reason: 'returned' }),
    ];
    await tab.whenIdle();
    tab.close();
    h.network.set(true);
    const report = await drainFromWorker({
      indexedDB,
      baseUrl: 'http://stockroom.test',
      fetch: routedFetch(() => h.server.url, h.network),
      clock: h.clock,
      broadcast: null,
      // The tab closed: no tab in front of a person (the harness's others hold the process's lock).
      looking: sharedWatch()(),
    });
    // Everything went: no retry due (the service worker's sync is complete), nothing left.
    expect(report).toMatchObject({ end: 'idle', receipts: 2, wakeAt: null, workLeft: false });
    const reopened = h.client({ indexedDB });
    await reopened.whenIdle();
    for (const op of ops) {
      expect(opById(reopened, op.id).state).toBe('confirmed');
      expect(await effectsOf(h, 'towel-tea', op.id)).toBe(1);
    }
  });

  it('items: a full pull first, then only what changed since', async () => {
    const c = await signedIn(h);
    const before = c.getSnapshot();
    expect(before.items.length).toBeGreaterThanOrEqual(20);
    const other = await signedIn(h, {}, 'manager');
    const op = await other.adjust({ itemId: 'mug-sand', delta: 5, reason: 'received' });
    await other.whenIdle();
    await c.refreshItems();
    await c.whenIdle();
    const after = c.getSnapshot();
    expect(after.itemsRevision).toBeGreaterThan(before.itemsRevision);
    expect(after.items.find((i) => i.id === 'mug-sand')?.quantity).toBe(
      opById(other, op.id).receipt?.resultingQuantity,
    );
  });
});
