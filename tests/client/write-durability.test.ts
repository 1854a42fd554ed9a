/**
 * Which of the client's writes may be relaxed (src/client/core/write-durability.ts), against the
 * real server: a person's decision and every claim of an attempt are strict; only transactions
 * that store receipts and nothing else are relaxed, and losing one in a crash of the machine means
 * asking the server again, never a second effect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { openIdbStore } from '../../src/client/store/idb-store';
import type { LocalStore, WriteOptions } from '../../src/client/store/local-store';
import type { OperationRecord } from '../../src/client/core/records';
import type { MetaRecord } from '../../src/client/store/schema';
import { getMeta } from '../../src/client/transactions/meta';
import { getOperation } from '../../src/client/transactions/record-index';
import { effectsOf, opById, signedIn, startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface Write {
  durability: 'strict' | 'relaxed';
  /** The operation records it put, as put. */
  operations: OperationRecord[];
  /** The operations it added to the claims record (an attempt recorded before it is sent). */
  claimed: string[];
}

/** A store that reports each committed write: its durability, the operations it put and claimed. */
function watched(inner: LocalStore, committed: (w: Write) => void): LocalStore {
  return {
    read: (fn) => inner.read(fn),
    async write(fn, options?: WriteOptions) {
      const operations: OperationRecord[] = [];
      const claimed: string[] = [];
      const value = await inner.write(
        (tx) =>
          fn({
            ...tx,
            put: async (store, v) => {
              if (store === 'operations') operations.push(v as OperationRecord);
              const meta = v as MetaRecord;
              if (store === 'meta' && meta.key === 'claims') {
                const before = await getMeta(tx, 'claims');
                const had = new Set(before?.claims.flatMap((c) => c.ids));
                claimed.push(...meta.claims.flatMap((c) => c.ids).filter((id) => !had.has(id)));
              }
              return tx.put(store, v);
            },
          }),
        options,
      );
      committed({ durability: options?.durability ?? 'strict', operations, claimed });
      return value;
    },
    close: () => inner.close(),
  };
}

/** The policy of a long drain in small pieces: several batches, each settled in several chunks. */
const CHUNKED = { batchSize: 6, chunkSize: 2, maxChunkSize: 2 };

describe('write durability', () => {
  it('writes a person’s decision and every claim strictly; relaxes only transactions of receipts', async () => {
    const writes: Write[] = [];
    let tap: () => void = () => undefined;
    const store = watched(await openIdbStore({ indexedDB: new IDBFactory() }), (w) => {
      writes.push(w);
      // A person saves a change during the drain, just after a relaxed write.
      if (w.durability === 'relaxed') tap();
    });
    const c = await signedIn(h, { store, policy: CHUNKED });
    h.network.set(false);
    const made: string[] = [];
    for (let i = 0; i < 12; i++)
      made.push((await c.adjust({ itemId: 'lamp-14', delta: 1, reason: 'received' })).id);
    let taps = 0;
    tap = () => {
      if (taps++ < 3) void c.adjust({ itemId: 'lamp-14', delta: 1, reason: 'received' });
    };
    h.network.set(true);
    await c.whenIdle();
    const all = c.getSnapshot().operations;
    expect(all).toHaveLength(15);
    expect(all.every((o) => o.state === 'confirmed')).toBe(true);

    const relaxed = writes.filter((w) => w.durability === 'relaxed');
    expect(relaxed.length).toBeGreaterThan(0);
    // A relaxed write holds receipts and nothing else of an operation: no decision, no claim.
    for (const w of relaxed) {
      expect(w.claimed).toEqual([]);
      for (const r of w.operations) {
        expect(r.receipt).toBeDefined();
        expect(r.state.kind).toBe('confirmed');
      }
    }
    // Every decision (queued, never sent) and every claim was strict.
    const decisions = writes.filter((w) => w.operations.some((r) => r.state.kind === 'queued'));
    const claims = writes.filter((w) => w.claimed.length > 0);
    expect(decisions.length).toBeGreaterThan(0);
    expect(new Set(claims.flatMap((w) => w.claimed))).toEqual(new Set(all.map((o) => o.id)));
    for (const w of [...decisions, ...claims]) expect(w.durability).toBe('strict');
    // The three taps during the drain were among them.
    const tapped = all.filter((o) => !made.includes(o.id)).map((o) => o.id);
    expect(tapped).toHaveLength(3);
    for (const id of tapped) {
      const decided = writes.find((w) =>
        w.operations.some((r) => r.id === id && r.state.kind === 'queued'),
      );
      expect(decided?.durability).toBe('strict');
    }
  });

  it('a relaxed transaction lost in a crash of the machine: the device asks again, and each operation takes effect once', async () => {
    const indexedDB = new IDBFactory();
    const inner = await openIdbStore({ indexedDB });
    let crashing = false;
    let lost = 0;
    // As a power cut after the browser reported the commit: the write ran, then nothing of it is kept.
    const losing: LocalStore = {
      read: (fn) => inner.read(fn),
      async write(fn, options) {
        if (!crashing || options?.durability !== 'relaxed') return inner.write(fn, options);
        let value: Awaited<ReturnType<typeof fn>> | undefined;
        const undone = new Error('lost in the crash');
        await inner
          .write(async (tx) => {
            value = await fn(tx);
            throw undone;
          })
          .catch((e: unknown) => {
            if ((e as { cause?: unknown }).cause !== undone && e !== undone) throw e;
          });
        lost++;
        return value as Awaited<ReturnType<typeof fn>>;
      },
      close: () => inner.close(),
    };
    const c = await signedIn(h, { store: losing, policy: CHUNKED });
    h.network.set(false);
    const made: string[] = [];
    for (let i = 0; i < 12; i++)
      made.push((await c.adjust({ itemId: 'plate-26', delta: 1, reason: 'received' })).id);
    crashing = true;
    h.network.set(true);
    await c.whenIdle();
    c.close();
    expect(lost).toBeGreaterThan(0);
    // What the machine kept: the lost receipts' operations are still recorded as sent.
    const kept = await inner.read((tx) => Promise.all(made.map((id) => getOperation(tx, id))));
    const unsettled = kept.filter((r) => r?.state.kind === 'sending');
    expect(unsettled.length).toBeGreaterThan(0);
    expect(unsettled.every((r) => r?.receipt === undefined)).toBe(true);

    const restarted = h.client({ indexedDB });
    await restarted.whenIdle();
    for (const id of made) {
      expect(opById(restarted, id).state).toBe('confirmed');
      expect(await effectsOf(h, 'plate-26', id)).toBe(1);
    }
  });
});
