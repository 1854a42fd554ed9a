/**
 * The in-memory adapter of the storage port: for environments without IndexedDB and for fast
 * tests. One `MemoryDatabase` may have several connections (tabs); every transaction runs alone
 * (serializable), writes are staged and applied only when the function completes.
 */
import { compareKeys, keyAt, type KeyValue } from './key-order';
import { StorageFailure, isRange, type KeyRange, type LocalStore, type Tx } from './local-store';
import { LAYOUT, STORE_NAMES, isMultiEntry, type StoreName } from './schema';

type Table = Map<string, { key: KeyValue; value: object }>;

export interface MemoryDatabase {
  tables: Record<StoreName, Table>;
  /** The tail of the transaction queue shared by all connections. */
  queue: Promise<void>;
}

export function createMemoryDatabase(): MemoryDatabase {
  const tables = Object.fromEntries(STORE_NAMES.map((s) => [s, new Map()])) as Record<
    StoreName,
    Table
  >;
  return { tables, queue: Promise.resolve() };
}

const DELETED = Symbol('deleted');

function primaryKey(store: StoreName, value: object): KeyValue {
  const key = keyAt(value, LAYOUT[store].keyPath);
  if (key === undefined) throw new StorageFailure('write-failed', `${store}: record without a key`);
  return key;
}

function inRange(key: KeyValue, query: KeyValue | KeyRange<KeyValue>): boolean {
  if (isRange(query))
    return compareKeys(key, query.lower) >= 0 && compareKeys(key, query.upper) <= 0;
  return compareKeys(key, query) === 0;
}

/**
 * A record's entries in an index: none without a key; in a multi-entry index, one per distinct
 * element of its list.
 */
function indexKeys(key: KeyValue | undefined, multiEntry: boolean): KeyValue[] {
  if (key === undefined) return [];
  if (!multiEntry || !Array.isArray(key)) return [key];
  const distinct: KeyValue[] = [];
  for (const k of key as readonly KeyValue[]) {
    if (!distinct.some((d) => compareKeys(d, k) === 0)) distinct.push(k);
  }
  return distinct;
}

class MemoryTx {
  readonly staged = new Map<
    StoreName,
    Map<string, { key: KeyValue; value: object } | typeof DELETED>
  >();
  constructor(
    private readonly db: MemoryDatabase,
    private readonly writable: boolean,
  ) {}

  private rows(store: StoreName): { key: KeyValue; value: object }[] {
    const merged = new Map(this.db.tables[store]);
    for (const [k, row] of this.staged.get(store) ?? []) {
      if (row === DELETED) merged.delete(k);
      else merged.set(k, row);
    }
    return [...merged.values()];
  }

  get(store: StoreName, key: KeyValue): Promise<unknown> {
    const id = JSON.stringify(key);
    const staged = this.staged.get(store)?.get(id);
    const row =
      staged === undefined
        ? this.db.tables[store].get(id)
        : staged === DELETED
          ? undefined
          : staged;
    return Promise.resolve(row ? structuredClone(row.value) : undefined);
  }

  getAll(store: StoreName): Promise<unknown[]> {
    const rows = this.rows(store).sort((a, b) => compareKeys(a.key, b.key));
    return Promise.resolve(rows.map((r) => structuredClone(r.value)));
  }

  getAllFromIndex(
    store: StoreName,
    index: string,
    query: KeyValue | KeyRange<KeyValue>,
    count?: number,
  ): Promise<unknown[]> {
    const indexes: Record<string, string> = LAYOUT[store].indexes;
    const path = indexes[index];
    if (path === undefined)
      return Promise.reject(new StorageFailure('write-failed', `no index ${index}`));
    const multiEntry = isMultiEntry(store, index);
    const hits = this.rows(store)
      .flatMap((r) => indexKeys(keyAt(r.value, path), multiEntry).map((ix) => ({ ...r, ix })))
      .filter((r) => inRange(r.ix, query))
      .sort((a, b) => compareKeys(a.ix, b.ix) || compareKeys(a.key, b.key));
    return Promise.resolve(hits.slice(0, count).map((r) => structuredClone(r.value)));
  }

  private stage(
    store: StoreName,
    key: KeyValue,
    row: { key: KeyValue; value: object } | typeof DELETED,
  ) {
    if (!this.writable) throw new StorageFailure('write-failed', 'read-only transaction');
    let table = this.staged.get(store);
    if (!table) this.staged.set(store, (table = new Map()));
    table.set(JSON.stringify(key), row);
  }

  put(store: StoreName, value: object): Promise<void> {
    try {
      const key = primaryKey(store, value);
      this.stage(store, key, { key, value: structuredClone(value) });
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  delete(store: StoreName, key: KeyValue): Promise<void> {
    try {
      this.stage(store, key, DELETED);
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  commit(): void {
    for (const [store, rows] of this.staged) {
      const table = this.db.tables[store];
      for (const [id, row] of rows) {
        if (row === DELETED) table.delete(id);
        else table.set(id, row);
      }
    }
  }
}

export function openMemoryStore(db: MemoryDatabase = createMemoryDatabase()): LocalStore {
  let open = true;
  function run<T>(writable: boolean, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (!open) return Promise.reject(new StorageFailure('closed', 'the local database is closed'));
    const result = db.queue.then(async () => {
      const tx = new MemoryTx(db, writable);
      // The adapter's untyped rows stand behind the typed port: both use LAYOUT's key paths.
      // A throw leaves the staged writes behind: nothing of this transaction is kept.
      const value = await fn(tx as unknown as Tx);
      tx.commit();
      return value;
    });
    db.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
  return {
    read: (fn) => run(false, fn),
    write: (fn) => run(true, fn),
    close: () => {
      open = false;
    },
  };
}
