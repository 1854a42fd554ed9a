/**
 * Test support: IndexedDB itself, under the storage port, for what the port no longer names (an
 * older version's stores and layouts, the version a database is at). Imported by tests only.
 */

/** The database `stockroom` at `version` (none: as it is). */
export function openRaw(factory: IDBFactory, version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const r = factory.open('stockroom', version);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(new Error('open failed'));
  });
}

/** Once the transaction has committed. */
export function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(new Error('write failed'));
  });
}
