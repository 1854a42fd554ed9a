/**
 * The sender against the REAL server (in-process, sqlite::memory:, SIMULATE=1) and its tester
 * faults, not a mock. Client time is fake (ManualClock); HTTP and the server are real.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import type { FaultRule } from '../../src/protocol/schemas';
import { openIdbStore } from '../../src/client/store/idb-store';
import type { AttemptRow } from '../../src/client/core/records';
import { storesReceipt } from './support/faulty-store';
import { operationIdsIn, routedFetch } from './support/network';
import type { SenderPolicy } from '../../src/client/sender';
import type { StockroomClientCore } from '../../src/client/client';
import type { LocalStore, Tx } from '../../src/client/store/local-store';
import {
  effectsOf,
  nextRetry,
  opById,
  serverRecord,
  savedOffline,
  signedIn,
  startHarness,
  storedReceipt,
  untilServer,
  serverIdle,
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

async function userId(c: { getSnapshot(): { user: { id: string } | null } }) {
  const user = c.getSnapshot().user;
  if (!user) throw new Error('signed out');
  return user.id;
}

describe('sender against the real server', () => {
  /**
   * A client whose requests and stored receipts are written in `log` as they happen ("sent a,b"
   * as a request leaves, "stored a,b" as the transaction storing those receipts commits);
   * `answered` is called with each request's ids once its response is in, before the sender sees it.
   */
  /** From a fresh log: online, until the client is idle (what went out and what was stored). */
  async function drained(c: StockroomClientCore, log: string[]): Promise<void> {
    log.length = 0;
    h.network.set(true);
    await c.whenIdle();
  }

  async function logged(
    log: string[],
    policy: Partial<SenderPolicy>,
    answered: (ids: string[]) => void = () => undefined,
  ) {
    const routed = routedFetch(() => h.server.url, h.network);
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const ids = operationIdsIn(init);
      if (ids.length > 0) log.push(`sent ${ids.join(',')}`);
      const response = await routed(input, init);
      if (ids.length > 0) answered(ids);
      return response;
    };
    const inner = await openIdbStore({ indexedDB: new IDBFactory() });
    const store: LocalStore = {
      read: (fn) => inner.read(fn),
      async write(fn, options) {
        const stored: string[] = [];
        const value = await inner.write((tx) => {
          const seen: Tx = {
            ...tx,
            put: (name, v) => {
              if (storesReceipt(name, v)) stored.push((v as { id: string }).id);
              return tx.put(name, v);
            },
          };
          return fn(seen);
        }, options);
        if (stored.length > 0) log.push(`stored ${stored.join(',')}`);
        return value;
      },
      close: () => inner.close(),
    };
    return signedIn(h, { store, fetch, policy });
  }

  /** Each of these operations is confirmed, with exactly one effect on lamp-14. */
  async function confirmedOnce(c: Awaited<ReturnType<typeof signedIn>>, ids: readonly string[]) {
    const made = ids.map((id) => opById(c, id));
    expect(made.map((o) => o.state)).toEqual(Array(ids.length).fill('confirmed'));
    for (const o of made) expect(await effectsOf(h, 'lamp-14', o.id)).toBe(1);
    return made;
  }

  it('works one batch ahead while answers come back whole: the next leaves before the last is stored, in creation order', async () => {
    const log: string[] = [];
    const c = await logged(log, { batchSize: 2 });
    const [a, b, c3, d, e] = await savedOffline(h, c, 5, 'lamp-14');
    await drained(c, log);
    // The first batch of a round goes alone; from the second on, the next batch is claimed while
    // one is in flight and leaves as soon as that one's answer is in, before it is stored.
    expect(log).toEqual([
      `sent ${a},${b}`,
      `stored ${a},${b}`,
      `sent ${c3},${d}`,
      `sent ${e}`,
      `stored ${c3},${d}`,
      `stored ${e}`,
    ]);
    const made = await confirmedOnce(
      c,
      [a, b, c3, d, e].map((id) => id ?? ''),
    );
    expect(new Set(made.map((o) => o.attempts[0]?.attemptId)).size).toBe(3);
    for (const o of made) expect(o.attempts).toHaveLength(1);
  });

  it('goes no batch ahead while a person works: their change meets the storage idle while a batch is away', async () => {
    const log: string[] = [];
    let tap = (): void => undefined;
    const c = await logged(log, { batchSize: 2 }, () => {
      const now = tap;
      tap = () => undefined;
      now();
    });
    const [a, b, c3, d, e] = await savedOffline(h, c, 5, 'lamp-14');
    let tapped = '';
    // A person's change while the first batch is away (the client's clock stands still: they
    // count as working for the whole drain).
    tap = () => {
      void c.adjust({ itemId: 'lamp-14', delta: 1, reason: 'received' }).then((op) => {
        tapped = op.id;
      });
    };
    await drained(c, log);
    expect(log).toEqual([
      `sent ${a},${b}`,
      `stored ${a},${b}`,
      `sent ${c3},${d}`,
      `stored ${c3},${d}`,
      `sent ${e},${tapped}`,
      `stored ${e},${tapped}`,
    ]);
  });

  it('gives a batch claimed ahead back unsent when the answer before it is not whole', async () => {
    const log: string[] = [];
    const c = await logged(log, { batchSize: 2 });
    const [a, b, c3, d, e] = await savedOffline(h, c, 5, 'lamp-14');
    // The second batch fails before the server commits it.
    await h.fault({ fault: 'fail-before-commit', times: 1, match: { operationId: c3 } });
    await drained(c, log);
    // Claimed while the second was in flight, the last one never left with it: it waited until
    // every operation before it had its receipt (the unknown ones asked again alone, in order).
    expect(log).toEqual([
      `sent ${a},${b}`,
      `stored ${a},${b}`,
      `sent ${c3},${d}`,
      `sent ${c3}`,
      `stored ${c3}`,
      `sent ${d}`,
      `sent ${e}`,
      `stored ${d}`,
      `stored ${e}`,
    ]);
    const made = await confirmedOnce(
      c,
      [a, b, c3, d, e].map((id) => id ?? ''),
    );
    expect(made.map((o) => o.attempts.length)).toEqual([1, 1, 2, 2, 1]);
  });

  it('gives a batch claimed ahead back unsent when the device goes offline as the answer before it comes in', async () => {
    const log: string[] = [];
    let second = '';
    const c = await logged(log, { batchSize: 2 }, (ids) => {
      if (ids[0] === second) h.network.set(false);
    });
    const [a, b, c3, d, e] = await savedOffline(h, c, 5, 'lamp-14');
    second = c3 ?? '';
    await drained(c, log);
    // The answer that came in is stored; the batch claimed ahead stays on the device.
    expect(log).toEqual([
      `sent ${a},${b}`,
      `stored ${a},${b}`,
      `sent ${c3},${d}`,
      `stored ${c3},${d}`,
    ]);
    const ahead = opById(c, e ?? '');
    expect([ahead.state, ahead.attempts.length]).toEqual(['queued', 0]);
    h.network.set(true);
    await c.whenIdle();
    await confirmedOnce(
      c,
      [a, b, c3, d, e].map((id) => id ?? ''),
    );
  });

  interface Written {
    operations: string[];
    receipts: string[];
    attempts: string[];
  }

  /** A store that reports what each committed write put: operations, receipts, attempt rows. */
  async function countingStore(after: (w: Written) => void) {
    const inner = await openIdbStore({ indexedDB: new IDBFactory() });
    const store: LocalStore = {
      read: (fn) => inner.read(fn),
      async write(fn) {
        const seen: Written = { operations: [], receipts: [], attempts: [] };
        const value = await inner.write((tx) =>
          fn({
            ...tx,
            put: (name, v) => {
              if (name === 'operations') seen.operations.push((v as { id: string }).id);
              if (storesReceipt(name, v)) seen.receipts.push((v as { id: string }).id);
              if (name === 'attempts') seen.attempts.push((v as AttemptRow).attemptId);
              return tx.put(name, v);
            },
          }),
        );
        after(seen);
        return value;
      },
      close: () => inner.close(),
    };
    return store;
  }

  it('claims and stores a batch in transactions of chunkSize operations; the batch leaves whole', async () => {
    const writes: Written[] = [];
    const store = await countingStore((w) => writes.push(w));
    const c = await signedIn(h, { store, policy: { batchSize: 7, chunkSize: 3, maxChunkSize: 3 } });
    const made = await savedOffline(h, c, 7, 'lamp-14');
    writes.length = 0;
    h.network.set(true);
    await c.whenIdle();
    const ops = made.map((id) => opById(c, id));
    expect(ops.map((o) => o.state)).toEqual(Array(7).fill('confirmed'));
    // One request for all seven.
    expect(new Set(ops.map((o) => o.attempts[0]?.attemptId)).size).toBe(1);
    expect(ops.every((o) => o.attempts.length === 1)).toBe(true);
    // No transaction wrote more than a chunk of operations; each receipt with its own operation.
    expect(Math.max(...writes.map((w) => w.operations.length))).toBeLessThanOrEqual(3);
    const withReceipts = writes.filter((w) => w.receipts.length > 0);
    expect(withReceipts.map((w) => w.receipts.length)).toEqual([3, 3, 1]);
    for (const w of withReceipts) expect(w.operations).toEqual(w.receipts);
    // Its timeline is one attempt row, written once, whole, with the first chunk.
    expect(writes.flatMap((w) => w.attempts)).toEqual([ops[0]?.attempts[0]?.attemptId]);
    expect(withReceipts[0]?.attempts).toHaveLength(1);
  });

  it('chunks double while nobody changes anything, and stay small for personQuietMs after a person saves a change', async () => {
    let tapped = false;
    let tap: () => void = () => undefined;
    const receipts: number[] = [];
    const store = await countingStore((w) => {
      if (w.receipts.length === 0) return;
      receipts.push(w.receipts.length);
      // A person saves a change just after the first receipts are stored.
      if (!tapped) {
        tapped = true;
        tap();
      }
    });
    const c = await signedIn(h, {
      store,
      policy: { batchSize: 14, chunkSize: 2, maxChunkSize: 8 },
    });
    h.network.set(false);
    for (let i = 0; i < 14; i++)
      await c.adjust({ itemId: 'lamp-14', delta: 1, reason: 'received' });
    await c.whenIdle();
    tap = () => void c.adjust({ itemId: 'lamp-14', delta: 1, reason: 'received' });
    h.network.set(true);
    await c.whenIdle();
    // Claimed 2, 4, 8; stored 8; then the person's change: 2 at a time while they count as
    // working (the test's clock stands still); the change itself on its own.
    expect(receipts).toEqual([8, 2, 2, 2, 1]);
    expect(c.getSnapshot().operations.every((o) => o.state === 'confirmed')).toBe(true);
  });

  it('drains: saved on this device, then confirmed with the server’s receipt byte for byte', async () => {
    const c = await signedIn(h);
    h.network.set(false);
    const op = await c.adjust({ itemId: 'lamp-14', delta: -2, reason: 'sold' });
    expect(op.state).toBe('queued');
    expect(op.state).toBe('queued');
    expect(op.id).toMatch(/^[A-Za-z0-9_-]+\.0$/);
    await c.whenIdle();
    expect(c.getSnapshot().items.find((i) => i.id === 'lamp-14')?.pendingDelta).toBe(-2);
    h.network.set(true);
    await c.whenIdle();
    const done = opById(c, op.id);
    expect(done.state).toBe('confirmed');
    const record = await serverRecord(h, await userId(c), op.id);
    expect(await storedReceipt(h, c, op.id)).toBe(record?.receipt);
    expect(await effectsOf(h, 'lamp-14', op.id)).toBe(1);
    const item = c.getSnapshot().items.find((i) => i.id === 'lamp-14');
    expect(item?.quantity).toBe(done.receipt?.resultingQuantity);
    expect(item?.pendingDelta).toBe(0);
  });

  it('sends several queued operations as one batch, in creation order, with Server-Timing per attempt', async () => {
    const c = await signedIn(h, {}, 'manager');
    h.network.set(false);
    const created = await c.createItem({
      itemId: 'batch-item-1',
      sku: 'BATCH-1',
      name: 'Batch item',
      location: 'D9',
      initialQuantity: 3,
    });
    const adjustments = [];
    for (let i = 0; i < 4; i++) {
      adjustments.push(await c.adjust({ itemId: 'batch-item-1', delta: 1, reason: 'received' }));
    }
    h.network.set(true);
    await c.whenIdle();
    const ops = [created, ...adjustments].map((o) => opById(c, o.id));
    expect(ops.map((o) => o.state)).toEqual(Array(5).fill('confirmed'));
    const attemptIds = new Set(ops.map((o) => o.attempts[0]?.attemptId));
    expect(attemptIds.size).toBe(1);
    expect(ops.every((o) => o.attempts.length === 1)).toBe(true);
    expect(Object.keys(ops[0]?.attempts[0]?.serverTiming ?? {}).length).toBeGreaterThan(0);
    expect(c.getSnapshot().items.find((i) => i.id === 'batch-item-1')?.quantity).toBe(7);
  });

  const faults: [FaultRule['fault'], number][] = [
    ['drop-response', 1],
    ['drop-request', 0],
    ['fail-before-commit', 0],
  ];
  it.each(faults)(
    '%s: outcome unknown, recovered with the same id, exactly one effect',
    async (fault, effectsWhileUnknown) => {
      const c = await signedIn(h);
      await h.fault({ fault, times: 1 });
      const op = await c.adjust({ itemId: 'mug-blue', delta: -1, reason: 'sold' });
      await c.whenIdle();
      const unknown = opById(c, op.id);
      expect(unknown.state).toBe('unknown');
      expect(unknown.explanation).toEqual({ kind: 'no-result' });
      expect(unknown.nextRetryAt).not.toBeNull();
      expect(await effectsOf(h, 'mug-blue', op.id)).toBe(effectsWhileUnknown);
      await nextRetry(h, c);
      const done = opById(c, op.id);
      expect(done.state).toBe('confirmed');
      expect(done.attempts.map((a) => a.result)).toEqual(['network-error', 'response']);
      expect(done.attempts[1]?.httpStatus).toBe(fault === 'drop-response' ? 200 : 201);
      expect(await effectsOf(h, 'mug-blue', op.id)).toBe(1);
      expect(await storedReceipt(h, c, op.id)).toBe(
        (await serverRecord(h, await userId(c), op.id))?.receipt,
      );
    },
  );

  it('a delay past the timeout is outcome unknown; the late commit is found by resending the same id', async () => {
    const c = await signedIn(h, { attemptTimeoutMs: 2000 });
    // Held long enough that the client gives up first, however busy the machine.
    await h.fault({ fault: 'delay', delayMs: 2000, times: 1 });
    const op = await c.adjust({ itemId: 'plate-26', delta: -3, reason: 'damaged' });
    await untilServer(h, op.id, (a) => a.received === 1, 'the attempt at the server');
    h.clock.advance(2000); // the client's patience ends; the server keeps going
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('unknown');
    await untilServer(h, op.id, serverIdle, 'the late commit');
    expect(await serverRecord(h, await userId(c), op.id)).not.toBeNull();
    await nextRetry(h, c);
    expect(opById(c, op.id).state).toBe('confirmed');
    expect(opById(c, op.id).attempts.map((a) => a.result)).toEqual(['timeout', 'response']);
    expect(await effectsOf(h, 'plate-26', op.id)).toBe(1);
  });

  it('503 with Retry-After keeps it saved on this device and waits at least that long', async () => {
    const c = await signedIn(h);
    await h.fault({ fault: 'unavailable', times: 1 });
    const op = await c.adjust({ itemId: 'bowl-15', delta: -1, reason: 'sold' });
    await c.whenIdle();
    const waiting = opById(c, op.id);
    expect(waiting.state).toBe('queued');
    const sentAt = Date.parse(waiting.attempts[0]?.endedAt ?? '');
    expect(Date.parse(waiting.nextRetryAt ?? '')).toBe(sentAt + 1000);
    h.clock.advance(999);
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('queued');
    await nextRetry(h, c);
    expect(opById(c, op.id).state).toBe('confirmed');
    expect(await effectsOf(h, 'bowl-15', op.id)).toBe(1);
  });
});
