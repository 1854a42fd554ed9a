/**
 * Schema v4 → v5: the `restart` index. Every operation record is written again with its index
 * keys, so the index holds exactly what a round's start may change, and the order counter learns
 * the latest time an operation was made here.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CREATED_AT, sampleRecord } from '../../../tests/support/client/sample-record';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';
import { importedState } from '../core/operation-state';
import type { OperationRecord } from '../core/records';
import { getMeta } from '../transactions/meta';
import { queueRange } from '../transactions/record-index';
import { MIGRATIONS, openIdbStore } from './idb-store';
import { committed, openRaw } from '../../../tests/support/client/raw-idb';

const AT = SAMPLE_CREATED_AT;

/** As version 4 stored it: no `restartKey`. */
function v4Record(order: number, more: Partial<OperationRecord>): OperationRecord {
  const { restartKey: _r, ...record } = sampleRecord(order, {
    queueKey: ['u1', order],
    ...more,
  });
  return record;
}

describe('schema v5: the restart index', () => {
  it('holds the work a round’s start may change, and the order counter the latest making', async () => {
    const indexedDB = new IDBFactory();
    const v4 = await openIdbStore({ indexedDB, migrations: MIGRATIONS.slice(0, 4) });
    await v4.write((tx) =>
      Promise.all([
        // Made here, untouched since: due since it was made.
        tx.put(
          'operations',
          v4Record(0, { state: { kind: 'queued', retry: { attempts: 0, notBefore: AT } } }),
        ),
        // Backing off after two attempts.
        tx.put(
          'operations',
          v4Record(1, {
            createdAt: AT + 10,
            state: { kind: 'queued', retry: { attempts: 2, notBefore: AT + 5_000 } },
          }),
        ),
        // Restored from a backup, made on another device's clock (later than this one's).
        tx.put(
          'operations',
          v4Record(2, {
            createdAt: AT + 50,
            state: importedState(AT + 20),
            imported: { importedAt: AT + 20, exportedAt: AT },
          }),
        ),
        // Finished.
        tx.put('operations', {
          ...sampleRecord(3, { createdAt: AT + 20 }),
          state: { kind: 'confirmed', since: AT + 30 },
        }),
        tx.put('meta', { key: 'order', next: 4 }),
      ]),
    );
    v4.close();

    const v5 = await openIdbStore({ indexedDB });
    const restart = await v5.read((tx) =>
      tx.getAllFromIndex('operations', 'restart', queueRange('u1')),
    );
    expect(restart.map((r) => r.id)).toEqual(['L1.1', 'L1.2']);
    // The latest making here: the imported one's clock is another device's.
    expect(await v5.read((tx) => getMeta(tx, 'order'))).toEqual({
      key: 'order',
      next: 4,
      latestMadeAt: AT + 20,
    });
    const queue = await v5.read((tx) => tx.getAll('operations'));
    expect(queue.map((r) => r.id)).toEqual(['L1.0', 'L1.1', 'L1.2', 'L1.3']);
    v5.close();
  });

  it('from version 1 in one go, each step runs once the one before is done: a record the v2 step rewrote keeps its v5 keys', async () => {
    const indexedDB = new IDBFactory();
    const v1 = await openIdbStore({ indexedDB, migrations: MIGRATIONS.slice(0, 1) });
    v1.close();
    // Through IndexedDB itself: today's port no longer names the `receipts` store. A resting
    // operation with a receipt row (its answer stored, its state not yet), which v2 moves inside.
    const db = await openRaw(indexedDB, 1);
    const receipt = sampleReceipt({ operationId: 'L1.0' });
    const resting = v4Record(0, {
      state: {
        kind: 'waiting',
        since: AT,
        why: 'retries-exhausted',
        uncertain: true,
        detail: null,
      },
    });
    const tx = db.transaction(['operations', 'receipts'], 'readwrite');
    tx.objectStore('operations').put(resting);
    tx.objectStore('receipts').put({
      operationId: 'L1.0',
      userId: 'u1',
      text: JSON.stringify(receipt),
      receipt,
      storedAt: AT,
    });
    await committed(tx);
    db.close();

    const v5 = await openIdbStore({ indexedDB });
    const [record] = await v5.read((tx) => tx.getAll('operations'));
    expect(record?.receipt?.receipt).toEqual(receipt);
    expect(record?.restartKey).toEqual(['u1', 0]);
    v5.close();
  });
});
