import { describe, expect, it } from 'vitest';
import { openMemoryStore } from '../store/memory-store';
import type { LocalStore } from '../store/local-store';
import { STORE_NAMES } from '../store/schema';
import type { OperationRecord } from '../core/records';
import { storeLease } from './leases';
import { getMeta, setSession } from './meta';
import { enqueue } from './outbox';
import { putOperation } from './record-index';
import {
  endedSessions,
  forgetEndedSession,
  signOutKeepingData,
  signOutRemovingData,
} from './sign-out';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';

const ALEX = { id: 'u-alex', name: 'alex', role: 'staff' } as const;
const SAM = { id: 'u-sam', name: 'sam', role: 'staff' } as const;

function lease(userId: string, id: string) {
  return {
    lease: {
      id,
      userId,
      deviceId: 'd1',
      size: 100,
      issuedAt: '2026-11-29T17:00:00.000Z',
      deadline: '2026-12-06T17:00:00.000Z',
    },
    token: `lease-token-${id}`,
  };
}

/** A device where sam left one waiting change and alex, signed in, made `alexChanges`. */
async function sharedDevice(alexChanges: number): Promise<{ store: LocalStore; alex: string[] }> {
  const store = openMemoryStore();
  const alex: string[] = [];
  await store.write(async (tx) => {
    await storeLease(tx, SAM.id, lease(SAM.id, 'Lsam'), 0);
    await enqueue(
      tx,
      { userId: SAM.id, userName: SAM.name },
      { type: 'adjust', itemId: 'lamp-14', delta: 1, reason: 'received', note: 'sam-note' },
      1,
    );
    await storeLease(tx, ALEX.id, lease(ALEX.id, 'Lalex'), 0);
    await tx.put('items', {
      id: 'lamp-14',
      sku: 'L-14',
      name: 'Desk lamp',
      location: 'A',
      quantity: 3,
      revision: 1,
      updatedAt: '2026-11-29T17:00:00.000Z',
      barcode: null,
      lowStockThreshold: null,
      archived: false,
    });
    await tx.put('meta', { key: 'items', revision: 1 });
    await setSession(tx, 'alex-session', ALEX);
    for (let i = 0; i < alexChanges; i++) {
      const op = {
        type: 'adjust',
        itemId: 'lamp-14',
        delta: -1,
        reason: 'sold',
        note: 'alex-note',
      } as const;
      const saved = await enqueue(tx, { userId: ALEX.id, userName: ALEX.name }, op, 2);
      if (saved.kind !== 'saved') throw new Error(saved.kind);
      alex.push(saved.record.id);
    }
  });
  return { store, alex };
}

async function confirm(store: LocalStore, id: string): Promise<void> {
  await store.write(async (tx) => {
    const record = (await tx.get('operations', id)) as OperationRecord;
    await putOperation(tx, {
      ...record,
      state: { kind: 'confirmed', since: 3 },
      receipt: {
        text: '{}',
        receipt: sampleReceipt({
          operationId: id,
          delta: -1,
          resultingQuantity: 2,
          itemRevision: 2,
        }),
        storedAt: 3,
      },
    });
    await tx.put('attempts', {
      attemptId: `a-${id}`,
      kind: 'send',
      sentAt: 2,
      ends: { [id]: { endedAt: 3, result: 'response', httpStatus: 201, serverTiming: {} } },
      operationIds: [id],
    });
  });
}

async function dump(store: LocalStore): Promise<string> {
  const all = await store.read((tx) => Promise.all(STORE_NAMES.map((s) => tx.getAll(s))));
  return JSON.stringify(all);
}

describe('sign out on a shared device', () => {
  it('Sign out keeps the work and remembers the token until the server hears of it', async () => {
    const { store, alex } = await sharedDevice(1);
    await store.write(signOutKeepingData);
    expect(await store.read((tx) => getMeta(tx, 'session'))).toBeUndefined();
    expect(await store.read(endedSessions)).toEqual(['alex-session']);
    expect(await store.read((tx) => tx.get('operations', alex[0] ?? ''))).toBeDefined();
    await store.write((tx) => forgetEndedSession(tx, 'alex-session'));
    expect(await store.read((tx) => getMeta(tx, 'ended-sessions'))).toBeUndefined();
  });

  it('remove data: refused while anything of the person is unconfirmed; nothing changes', async () => {
    const { store, alex } = await sharedDevice(3);
    await confirm(store, alex[0] ?? '');
    const before = await dump(store);
    expect(await store.write(signOutRemovingData)).toEqual({ kind: 'unconfirmed', count: 2 });
    expect(await dump(store)).toBe(before);
  });

  it('remove data: all of the person and the items go; other people’s waiting work stays', async () => {
    const { store, alex } = await sharedDevice(2);
    for (const id of alex) await confirm(store, id);
    expect(await store.write(signOutRemovingData)).toEqual({ kind: 'removed' });
    const left = await dump(store);
    for (const trace of ['alex-note', 'Lalex', ...alex, '"lamp-14","sku"']) {
      expect(left).not.toContain(trace);
    }
    expect(left).toContain('sam-note');
    expect(left).toContain('lease-token-Lsam');
    expect(await store.read(endedSessions)).toEqual(['alex-session']);
    expect(await store.read((tx) => getMeta(tx, 'items'))).toBeUndefined();
    expect(await store.write(signOutRemovingData)).toEqual({ kind: 'signed-out' });
  });
});
