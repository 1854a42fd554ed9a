import { expect, it } from 'vitest';
import { SAMPLE_CREATED_AT, sampleRecord } from '../../../tests/support/client/sample-record';
import type { Tx } from '../store/local-store';
import { openMemoryStore } from '../store/memory-store';
import { claim, readBehind } from './outbox';
import { getOperations, putOperation } from './record-index';

const NOW = SAMPLE_CREATED_AT;

const queued = (order: number) => sampleRecord(order);

/** The transaction, counting its reads of operations: single records and runs of an index. */
function countingGets(tx: Tx, count: { gets: number; runs?: number }): Tx {
  return {
    get: (store, key) => {
      if (store === 'operations') count.gets++;
      return tx.get(store, key);
    },
    getAll: (store) => tx.getAll(store),
    getAllFromIndex: (store, index, query, n) => {
      if (store === 'operations') count.runs = (count.runs ?? 0) + 1;
      return tx.getAllFromIndex(store, index, query, n);
    },
    put: (store, value) => tx.put(store, value),
    delete: (store, key) => tx.delete(store, key),
  };
}

it('a batch claimed chunk by chunk reads each later chunk in one run of the queue, not record by record', async () => {
  const store = openMemoryStore();
  await store.write((tx) =>
    Promise.all(Array.from({ length: 30 }, (_, i) => putOperation(tx, queued(i)))),
  );
  const attempt = { attemptId: 'a1', kind: 'send', at: NOW } as const;
  const ids = Array.from({ length: 30 }, (_, i) => `L1.${i}`);
  // The first chunk is claimed: still in the queue, ahead of the second.
  await store.write((tx) => claim(tx, 'u1', ids.slice(0, 10), attempt));
  const count = { gets: 0 };
  const second = await store.write((tx) =>
    claim(countingGets(tx, count), 'u1', ids.slice(10, 20), attempt),
  );
  expect(second.map((r) => r.id)).toEqual(ids.slice(10, 20));
  expect(second.every((r) => r.state.kind === 'sending' && r.sendAttempts === 1)).toBe(true);
  // The chunk's first record (its place in the queue), then one read of the run from there.
  expect(count.gets).toBe(1);
  const read = await store.read((tx) => getOperations(tx, 'byUser', 'u1'));
  expect(read.filter((r) => r.state.kind === 'sending')).toHaveLength(20);
});

it('records outside the run (earlier in the queue, gone) are still found one by one or left out', async () => {
  const store = openMemoryStore();
  await store.write((tx) =>
    Promise.all(Array.from({ length: 8 }, (_, i) => putOperation(tx, queued(i)))),
  );
  const attempt = { attemptId: 'a1', kind: 'send', at: NOW } as const;
  const ids = ['L1.2', 'L1.3', 'L1.0', 'L1.4', 'gone', 'L1.6'];
  const claimed = await store.write((tx) => claim(tx, 'u1', ids, attempt));
  expect(claimed.map((r) => r.id)).toEqual(['L1.2', 'L1.3', 'L1.0', 'L1.4', 'L1.6']);
});

it('a batch planned in the transaction of its claim is claimed from the records read there: nothing read twice, work in flight left out', async () => {
  const store = openMemoryStore();
  await store.write((tx) =>
    Promise.all(Array.from({ length: 30 }, (_, i) => putOperation(tx, queued(i)))),
  );
  const ids = Array.from({ length: 30 }, (_, i) => `L1.${i}`);
  await store.write((tx) =>
    claim(tx, 'u1', ids.slice(0, 10), { attemptId: 'a1', kind: 'send', at: NOW }),
  );
  const count = { gets: 0, runs: 0 };
  const claimed = await store.write(async (tx) => {
    const { queue } = await readBehind(tx, 'u1', -Infinity, 20);
    const attempt = { attemptId: 'a2', kind: 'send', at: NOW } as const;
    const ids = queue.map((r) => r.id);
    return claim(countingGets(tx, count), 'u1', ids, attempt, queue);
  });
  // The first ten are in flight under a1: the plan's read shows them so, and they stay out.
  expect(claimed.map((r) => r.id)).toEqual(ids.slice(10, 20));
  expect(count).toEqual({ gets: 0, runs: 0 });
  const read = await store.read((tx) => getOperations(tx, 'byUser', 'u1'));
  expect(read.filter((r) => r.state.kind === 'sending')).toHaveLength(20);
});
