/**
 * Schema v2 → v3 on a device that already holds work: the per-operation attempt rows of each
 * request become one row, and every operation's timeline reads as it did.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { AttemptRecord, OperationRecord } from '../core/records';
import { cancelUnsent } from '../transactions/cancel-and-reverse';
import { withIndexKeys } from '../transactions/record-index';
import { loadView } from '../transactions/view';
import { MIGRATIONS, openIdbStore } from './idb-store';
import { committed, openRaw } from '../../../tests/support/client/raw-idb';

const NOW = Date.parse('2026-12-01T11:00:00.000Z');

function operation(id: string, order: number, sendAttempts: number): OperationRecord {
  return withIndexKeys({
    id,
    userId: 'u1',
    userName: 'demo',
    order,
    leaseId: 'L1',
    op: { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
    createdAt: NOW - 60_000,
    summary: 'Remove 1 from Desk lamp',
    state:
      sendAttempts > 0
        ? { kind: 'unknown', since: NOW, retry: { attempts: 1, notBefore: NOW }, notYet: false }
        : { kind: 'queued', retry: { attempts: 0, notBefore: 0 } },
    sendAttempts,
    imported: null,
    resolution: null,
  });
}

/** What version 2 kept: one row per operation and attempt. */
const lines: AttemptRecord[] = [
  ...['L1.1', 'L1.2', 'L1.3'].map((operationId, i): AttemptRecord => ({
    operationId,
    attemptId: 'batch-7',
    kind: 'send',
    sentAt: NOW - 9_000,
    endedAt: NOW - 8_000,
    result: 'response',
    httpStatus: i === 2 ? 409 : 201,
    serverTiming: { tx: 1.5 },
  })),
  {
    operationId: 'L1.3',
    attemptId: 'status-2',
    kind: 'status',
    sentAt: NOW - 5_000,
    endedAt: NOW - 4_000,
    result: 'timeout',
    httpStatus: null,
    serverTiming: {},
  },
];

async function writeVersion2(factory: IDBFactory): Promise<void> {
  const v2 = await openIdbStore({ indexedDB: factory, migrations: MIGRATIONS.slice(0, 2) });
  v2.close();
  // Through IndexedDB itself: today's port reads attempts in the v3 layout.
  const db = await openRaw(factory, 2);
  const tx = db.transaction(['operations', 'attempts'], 'readwrite');
  for (const [i, id] of ['L1.1', 'L1.2', 'L1.3', 'L1.4'].entries()) {
    tx.objectStore('operations').put(operation(id, i + 1, id === 'L1.4' ? 0 : 1));
  }
  for (const line of lines) tx.objectStore('attempts').put(line);
  await committed(tx);
  db.close();
}

describe('schema v3: one attempt row per request', () => {
  it('regroups the rows of each attempt; timelines, the index and the cancel rule read as before', async () => {
    const factory = new IDBFactory();
    await writeVersion2(factory);

    const v3 = await openIdbStore({ indexedDB: factory });
    const rows = await v3.read((tx) => tx.getAll('attempts'));
    expect(rows.map((r) => [r.attemptId, r.operationIds])).toEqual([
      ['batch-7', ['L1.1', 'L1.2', 'L1.3']],
      ['status-2', ['L1.3']],
    ]);
    expect(rows[0]?.ends['L1.3']).toEqual({
      endedAt: NOW - 8_000,
      result: 'response',
      httpStatus: 409,
      serverTiming: { tx: 1.5 },
    });

    const view = await v3.read(loadView);
    for (const id of ['L1.1', 'L1.2', 'L1.3']) {
      expect(view.attempts.get(id)).toEqual(lines.filter((l) => l.operationId === id));
    }
    const third = await v3.read((tx) => tx.getAllFromIndex('attempts', 'byOperation', 'L1.3'));
    expect(third.map((r) => r.attemptId)).toEqual(['batch-7', 'status-2']);
    // The cancel rule still sees a sent operation's attempts, and none for a never-sent one.
    expect(await v3.write((tx) => cancelUnsent(tx, 'u1', 'L1.2'))).toBe(false);
    expect(await v3.write((tx) => cancelUnsent(tx, 'u1', 'L1.4'))).toBe(true);
    v3.close();

    const raw = await openRaw(factory);
    expect(raw.version).toBe(MIGRATIONS.length);
    const index = raw.transaction('attempts').objectStore('attempts').index('byOperation');
    expect(index.multiEntry).toBe(true);
    raw.close();
  });
});
