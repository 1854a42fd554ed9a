import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, openIdbStore, type Migration } from './idb-store';
import { StorageFailure, toStorageFailure } from './local-store';

const item = {
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
};

/** A later version of the schema: a new store, nothing dropped. */
const nextVersion: Migration = (db) => {
  (db as unknown as IDBDatabase).createObjectStore('notes', { keyPath: 'id' });
};

describe('IndexedDB adapter', () => {
  it('upgrades step by step and keeps what was saved', async () => {
    const factory = new IDBFactory();
    const v1 = await openIdbStore({ indexedDB: factory });
    await v1.write((tx) => tx.put('items', item));
    v1.close();
    const v2 = await openIdbStore({ indexedDB: factory, migrations: [...MIGRATIONS, nextVersion] });
    expect(await v2.read((tx) => tx.get('items', 'lamp-14'))).toEqual(item);
    v2.close();
  });

  it('closes at once when a newer version asks (versionchange), so that upgrade is not blocked', async () => {
    const factory = new IDBFactory();
    let told = 0;
    const old = await openIdbStore({ indexedDB: factory, onVersionChange: () => told++ });
    await old.write((tx) => tx.put('items', item));
    let blocked = 0;
    const newer = await openIdbStore({
      indexedDB: factory,
      migrations: [...MIGRATIONS, nextVersion],
      onBlocked: () => blocked++,
    });
    expect(told).toBe(1);
    expect(blocked).toBe(0);
    await expect(old.read((tx) => tx.getAll('items'))).rejects.toMatchObject({ kind: 'closed' });
    expect(await newer.read((tx) => tx.getAll('items'))).toEqual([item]);
    newer.close();
  });

  it('reports a blocked upgrade and completes it, data kept, once the old connection goes', async () => {
    const factory = new IDBFactory();
    const seed = await openIdbStore({ indexedDB: factory });
    await seed.write((tx) => tx.put('items', item));
    seed.close();
    // An old tab of an old app version: it ignores versionchange.
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = factory.open('stockroom', MIGRATIONS.length);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error instanceof Error ? r.error : new Error('open failed'));
    });
    let blocked = 0;
    const opening = openIdbStore({
      indexedDB: factory,
      migrations: [...MIGRATIONS, nextVersion],
      onBlocked: () => {
        blocked++;
        raw.close();
      },
    });
    const store = await opening;
    expect(blocked).toBe(1);
    expect(await store.read((tx) => tx.getAll('items'))).toEqual([item]);
    store.close();
  });

  it('names a full disk as quota-exceeded', () => {
    const failure = toStorageFailure(new DOMException('full', 'QuotaExceededError'));
    expect(failure).toBeInstanceOf(StorageFailure);
    expect(failure.kind).toBe('quota-exceeded');
  });
});
