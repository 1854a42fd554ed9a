/**
 * The IndexedDB adapter of the storage port: opening, upgrades and each transaction's end through
 * `idb`, each request straight on IndexedDB (`txApi`). The factory is injected (the browser's
 * `indexedDB`, or fake-indexeddb in tests), so `idb`'s `openDB` (which reads the global) is
 * replaced by the same few lines over `wrap`.
 *
 * - Versioned upgrade: MIGRATIONS[v] takes the schema from version v to v+1 and never drops
 *   data; opening runs only the missing steps.
 * - Another tab asking for a newer version (`versionchange`) makes this connection close at once,
 *   so the upgrade is not blocked by us; a connection that does not close (an old tab) makes ours
 *   wait, reported through `onBlocked` (shown as storageProblem 'upgrade-blocked').
 * - Writes use `durability: 'strict'`: the operation survives a crash of the machine once the
 *   write resolved (Chromium's default is relaxed); a write that asks for 'relaxed' gets it.
 */
import { unwrap, wrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import {
  StorageFailure,
  isRange,
  toStorageFailure,
  type KeyRange,
  type LocalStore,
  type Tx,
  type WriteOptions,
} from './local-store';
import { STORE_NAMES, type OrderMeta, type StockroomSchema, type StoreName } from './schema';
import { madeHereAt, withIndexKeys } from '../transactions/record-index';
import type { AttemptRecord, AttemptRow, OperationRecord, ReceiptRecord } from '../core/records';

export type Db = IDBPDatabase<StockroomSchema>;
type UpgradeTx = IDBPTransaction<StockroomSchema, StoreName[], 'versionchange'>;
/** A step of the upgrade; one that reads or writes returns when its last request is done. */
export type Migration = (db: Db, tx: UpgradeTx) => void | Promise<void>;

/** The stores of version 1, as they were (LAYOUT has moved on; a step never changes). */
const V1_LAYOUT: Record<string, { keyPath: string | readonly string[]; indexes: object }> = {
  operations: {
    keyPath: 'id',
    indexes: { queue: 'queueKey', checks: 'checkKey', byUser: 'userId' },
  },
  attempts: { keyPath: ['operationId', 'attemptId'], indexes: { byOperation: 'operationId' } },
  items: { keyPath: 'id', indexes: {} },
  leases: { keyPath: 'id', indexes: { byUser: 'userId' } },
  meta: { keyPath: 'key', indexes: {} },
  receipts: { keyPath: 'operationId', indexes: {} },
};

/** Abort the upgrade after a failed step: the database stays at its version, whole. */
function abortUpgrade(tx: UpgradeTx): void {
  try {
    tx.abort();
  } catch {
    // Already aborted by the failing request.
  }
}

/**
 * Version 2: each receipt moves into its operation record (`receipt`), stored in the same put as
 * the state it settles; the `receipts` store goes. Runs inside the upgrade transaction: a failure
 * aborts the upgrade and the database stays at version 1, whole.
 */
const receiptsIntoOperations: Migration = (db, tx) => {
  const raw = tx as unknown as IDBPTransaction<unknown, string[], 'versionchange'>;
  const receipts = raw.objectStore('receipts');
  const operations = raw.objectStore('operations');
  return (async () => {
    for (const row of (await receipts.getAll()) as ReceiptRecord[]) {
      const record = (await operations.get(row.operationId)) as OperationRecord | undefined;
      // A receipt whose operation is gone (removed with its person's data) has nothing to explain.
      if (!record || record.receipt) continue;
      const { text, receipt, storedAt } = row;
      await operations.put({ ...record, receipt: { text, receipt, storedAt } });
    }
    (db as unknown as IDBPDatabase).deleteObjectStore('receipts');
  })().catch(() => abortUpgrade(tx));
};

/**
 * Version 3: one attempt row per request instead of one per operation and request (a batch of
 * 500 was 500 rows): the rows of each attempt id become one, with each operation's end in it.
 */
const oneRowPerAttempt: Migration = (db, tx) => {
  const raw = tx as unknown as IDBPTransaction<unknown, string[], 'versionchange'>;
  return (async () => {
    const lines = (await raw.objectStore('attempts').getAll()) as AttemptRecord[];
    const rows = new Map<string, AttemptRow>();
    for (const { operationId, attemptId, kind, sentAt, ...end } of lines) {
      const row = rows.get(attemptId) ?? { attemptId, kind, sentAt, ends: {}, operationIds: [] };
      row.ends[operationId] = end;
      row.operationIds.push(operationId);
      rows.set(attemptId, row);
    }
    const idb = db as unknown as IDBPDatabase;
    idb.deleteObjectStore('attempts');
    const store = idb.createObjectStore('attempts', { keyPath: 'attemptId' });
    store.createIndex('byOperation', 'operationIds', { multiEntry: true });
    await Promise.all([...rows.values()].map((row) => store.put(row)));
  })().catch(() => abortUpgrade(tx));
};

/**
 * Version 4: the layout is unchanged. The sender's claims are one record that every read applies
 * (core/claims.ts), and an app from before would read claimed operations as never sent (to be
 * cancelled, or moved to a new id although they may have left): the new version keeps it out
 * (its open fails with `VersionError`, shown as a storage problem).
 */
const claimsInOneRecord: Migration = () => undefined;

/**
 * Version 5: the `restart` index (each record's `restartKey`: what a round's start may change), so
 * a round's start reads those instead of the whole queue; every record is written again with its
 * index keys, and the latest time an operation was made here goes into the order counter.
 */
const restartIndex: Migration = (_db, tx) => {
  const raw = tx as unknown as IDBPTransaction<unknown, string[], 'versionchange'>;
  const operations = raw.objectStore('operations');
  operations.createIndex('restart', 'restartKey');
  const meta = raw.objectStore('meta');
  return (async () => {
    let latest = -Infinity;
    const records = (await operations.getAll()) as OperationRecord[];
    for (const record of records) latest = Math.max(latest, madeHereAt(record) ?? -Infinity);
    await Promise.all(records.map((record) => operations.put(withIndexKeys(record))));
    const order = (await meta.get('order')) as OrderMeta | undefined;
    if (order && Number.isFinite(latest)) await meta.put({ ...order, latestMadeAt: latest });
  })();
};

/** Step v takes the schema from version v to v+1 and never drops data. Never edit a step. */
export const MIGRATIONS: readonly Migration[] = [
  (db) => {
    for (const [name, layout] of Object.entries(V1_LAYOUT)) {
      const store = (db as unknown as IDBPDatabase).createObjectStore(name, {
        keyPath: layout.keyPath as string | string[],
      });
      for (const [index, path] of Object.entries(layout.indexes as Record<string, string>)) {
        store.createIndex(index, path);
      }
    }
  },
  receiptsIntoOperations,
  oneRowPerAttempt,
  claimsInOneRecord,
  restartIndex,
];

export interface IdbStoreOptions {
  indexedDB: IDBFactory;
  name?: string;
  migrations?: readonly Migration[];
  /** An older connection keeps the database open: our upgrade waits. */
  onBlocked?: () => void;
  /** A newer version of the app needs the database: this connection has closed. */
  onVersionChange?: () => void;
  /**
   * 'strict' (default): a write resolves once it survives a crash of the machine. 'relaxed'
   * trades that for speed (the browser may lose the last writes in a power cut): measurement only.
   */
  durability?: 'strict' | 'relaxed';
}

const STORAGE_ERROR_NAMES = new Set([
  'QuotaExceededError',
  'AbortError',
  'InvalidStateError',
  'TransactionInactiveError',
  'ConstraintError',
  'DataError',
  'DataCloneError',
  'UnknownError',
  'NotFoundError',
  'ReadOnlyError',
  'VersionError',
]);

function storageError(e: unknown): unknown {
  const name = typeof e === 'object' && e !== null && 'name' in e ? String(e.name) : '';
  return STORAGE_ERROR_NAMES.has(name) ? toStorageFailure(e) : e;
}

export async function openIdbStore(options: IdbStoreOptions): Promise<LocalStore> {
  const migrations = options.migrations ?? MIGRATIONS;
  const request = options.indexedDB.open(options.name ?? 'stockroom', migrations.length);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as Db;
    const tx = wrap(request.transaction as IDBTransaction) as unknown as UpgradeTx;
    // Each step once the one before is done: their requests never interleave (a record a step
    // rewrote is what the next one reads).
    void (async () => {
      for (let v = event.oldVersion; v < migrations.length; v++) await migrations[v]?.(db, tx);
    })().catch(() => abortUpgrade(tx));
  });
  request.addEventListener('blocked', () => options.onBlocked?.());
  let db: Db;
  try {
    db = (await wrap(request)) as unknown as Db;
  } catch (e) {
    throw toStorageFailure(e);
  }
  let closed = false;
  db.addEventListener('versionchange', () => {
    closed = true;
    db.close();
    options.onVersionChange?.();
  });
  db.addEventListener('close', () => {
    closed = true;
  });

  async function run<T>(
    mode: IDBTransactionMode,
    fn: (tx: Tx) => Promise<T>,
    write?: WriteOptions,
  ): Promise<T> {
    if (closed) throw new StorageFailure('closed', 'the local database is closed');
    const durability =
      write?.durability === 'relaxed' ? 'relaxed' : (options.durability ?? 'strict');
    let tx;
    try {
      tx =
        mode === 'readwrite'
          ? db.transaction(STORE_NAMES, 'readwrite', { durability })
          : db.transaction(STORE_NAMES, 'readonly');
    } catch (e) {
      throw toStorageFailure(e);
    }
    const done = tx.done;
    try {
      const value = await fn(txApi(unwrap(tx)));
      await done;
      return value;
    } catch (e) {
      try {
        tx.abort();
      } catch {
        // Already finished or aborted by the failing request: nothing more to undo.
      }
      await done.catch(() => undefined);
      throw storageError(e);
    }
  }

  return {
    read: (fn) => run('readonly', fn),
    write: (fn, write) => run('readwrite', fn, write),
    close: () => {
      closed = true;
      db.close();
    },
  };
}

function toIdbQuery(query: unknown): IDBValidKey | IDBKeyRange {
  if (isRange(query as IDBValidKey | KeyRange<IDBValidKey>)) {
    const r = query as KeyRange<IDBValidKey>;
    return IDBKeyRange.bound(r.lower, r.upper);
  }
  return query as IDBValidKey;
}

/** A request's result, or its error (which also aborts its transaction, as IndexedDB does). */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('request failed'));
  });
}

/**
 * The port over one transaction: its requests straight on IndexedDB's own objects (idb's proxies
 * and listeners cost more per request than a batch's puts themselves on the main thread); the
 * transaction's end and abort stay with idb (`run`). The port's generic store names meet
 * IndexedDB's untyped values through casts: the shapes are the same schema (schema.ts).
 */
function txApi(tx: IDBTransaction): Tx {
  const stores = new Map<StoreName, IDBObjectStore>();
  const store = (name: StoreName): IDBObjectStore => {
    let s = stores.get(name);
    if (!s) {
      s = tx.objectStore(name);
      stores.set(name, s);
    }
    return s;
  };
  return {
    get: (name, key) => settled(store(name).get(key as IDBValidKey)) as never,
    getAll: (name) => settled(store(name).getAll()) as never,
    getAllFromIndex: (name, index, query, count) =>
      settled(store(name).index(index).getAll(toIdbQuery(query), count)) as never,
    put: async (name, value) => {
      await settled(store(name).put(value));
    },
    delete: (name, key) => settled(store(name).delete(key as IDBValidKey)),
  };
}
