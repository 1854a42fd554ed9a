/**
 * Schema v1 → v2 on a device that already holds work: each receipt row moves into its operation
 * record, attempt rows stay readable, and every operation still shows its receipt and timeline.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../protocol/schemas';
import type { AttemptRecord, OperationRecord, ReceiptRecord } from '../core/records';
import { operationView } from '../core/operation-view';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';
import { withIndexKeys } from '../transactions/record-index';
import { loadView } from '../transactions/view';
import { MIGRATIONS, openIdbStore } from './idb-store';
import { committed, openRaw } from '../../../tests/support/client/raw-idb';

const NOW = Date.parse('2026-11-29T17:00:00.000Z');

function receiptOf(id: string): Receipt {
  return sampleReceipt({ operationId: id, delta: -1, resultingQuantity: 9, itemRevision: 4 });
}

function operation(id: string, order: number, confirmed: boolean): OperationRecord {
  return withIndexKeys({
    id,
    userId: 'u1',
    userName: 'demo',
    order,
    leaseId: 'L1',
    op: { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
    createdAt: NOW - 60_000,
    summary: 'Remove 1 from Desk lamp',
    state: confirmed
      ? { kind: 'confirmed', since: NOW }
      : { kind: 'queued', retry: { attempts: 0, notBefore: 0 } },
    sendAttempts: confirmed ? 1 : 0,
    imported: null,
    resolution: null,
  });
}

function attempt(operationId: string): AttemptRecord {
  return {
    operationId,
    attemptId: 'batch-1',
    kind: 'send',
    sentAt: NOW - 1_000,
    endedAt: NOW,
    result: 'response',
    httpStatus: 200,
    serverTiming: { tx: 1.5 },
  };
}

/** What version 1 wrote, with its own stores (a `receipts` row per settled operation). */
async function writeVersion1(factory: IDBFactory, receipts: ReceiptRecord[]) {
  const v1 = await openIdbStore({ indexedDB: factory, migrations: MIGRATIONS.slice(0, 1) });
  v1.close();
  // Through IndexedDB itself: today's port no longer names the `receipts` store.
  const db = await openRaw(factory, 1);
  const tx = db.transaction(['operations', 'attempts', 'receipts'], 'readwrite');
  tx.objectStore('operations').put(operation('L1.1', 1, true));
  tx.objectStore('operations').put(operation('L1.2', 2, true));
  tx.objectStore('operations').put(operation('L1.3', 3, false));
  tx.objectStore('attempts').put(attempt('L1.1'));
  tx.objectStore('attempts').put(attempt('L1.2'));
  for (const r of receipts) tx.objectStore('receipts').put(r);
  await committed(tx);
  db.close();
}

const row = (id: string): ReceiptRecord => ({
  operationId: id,
  userId: 'u1',
  text: JSON.stringify(receiptOf(id)),
  receipt: receiptOf(id),
  storedAt: NOW,
});

describe('schema v2: the receipt inside the operation record', () => {
  it('moves every stored receipt into its operation; attempts and the rest stay as they were', async () => {
    const factory = new IDBFactory();
    // L9.9's operation is gone (removed with its person's data): its stray receipt is dropped.
    await writeVersion1(factory, [row('L1.1'), row('L1.2'), row('L9.9')]);

    const v2 = await openIdbStore({ indexedDB: factory });
    const view = await v2.read(loadView);
    v2.close();

    const time = { now: NOW, finishing: new Map(), recheckAt: null };
    for (const id of ['L1.1', 'L1.2']) {
      const record = view.operations.get(id);
      expect(record?.receipt).toEqual({
        text: JSON.stringify(receiptOf(id)),
        receipt: receiptOf(id),
        storedAt: NOW,
      });
      const shown = operationView(record as OperationRecord, view, time);
      expect(shown.state).toBe('confirmed');
      expect(shown.receipt).toEqual(receiptOf(id));
      expect(shown.attempts).toMatchObject([
        { attemptId: 'batch-1', result: 'response', httpStatus: 200, serverTiming: { tx: 1.5 } },
      ]);
    }
    const waiting = view.operations.get('L1.3') as OperationRecord;
    expect(waiting.receipt).toBeUndefined();
    expect(waiting.queueKey).toEqual(['u1', 3]);
    expect(operationView(waiting, view, time).receipt).toBeNull();
    expect(view.operations.size).toBe(3);

    const raw = await openRaw(factory);
    // Through every later step too (v3 regroups the attempt rows: see upgrade-v3.test.ts).
    expect(raw.version).toBe(MIGRATIONS.length);
    expect([...raw.objectStoreNames]).not.toContain('receipts');
    raw.close();
  });

  it('a fresh device opens straight at the newest version with no receipts store', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore({ indexedDB: factory });
    store.close();
    const raw = await openRaw(factory);
    expect(raw.version).toBe(MIGRATIONS.length);
    expect([...raw.objectStoreNames].sort()).toEqual([
      'attempts',
      'items',
      'leases',
      'meta',
      'operations',
    ]);
    raw.close();
  });
});
