/**
 * Whether this device can keep what it is given, as the status shows it (`storageProblem`): a
 * database another version of the app holds (upgrade blocked), a full disk, a write that failed.
 * Every command writes through here, so a problem is shown where it is met and cleared by the
 * next write that proves it over.
 */
import { ClientError } from './client-error';
import type { StorageProblem } from './core/views';
import { openIdbStore } from './store/idb-store';
import { StorageFailure, type LocalStore, type Tx } from './store/local-store';
import { openMemoryStore } from './store/memory-store';

export interface StoreOptions {
  /** The IndexedDB factory (default: the browser's); ignored when `store` is given. */
  indexedDB?: IDBFactory;
  /** A storage adapter to use as is (tests; environments without IndexedDB). */
  store?: LocalStore;
  /** IndexedDB write durability (default 'strict'; see idb-store.ts). */
  durability?: 'strict' | 'relaxed';
}

export class StorageHealth {
  private current: StorageProblem = null;

  /** `changed`: what the snapshot shows changed. */
  constructor(private readonly changed: () => void) {}

  get problem(): StorageProblem {
    return this.current;
  }

  report(p: StorageProblem): void {
    this.current = p;
    this.changed();
  }

  /** A change or a receipt was stored again: the problem shown is over. */
  recovered(): void {
    if (this.current === 'quota-exceeded' || this.current === 'local-write-failed') {
      this.current = null;
    }
  }

  failed = (failure: StorageFailure): void => {
    this.report(failure.kind === 'quota-exceeded' ? 'quota-exceeded' : 'local-write-failed');
  };

  /** A command's write: a storage failure is shown, and rejects as a ClientError for people. */
  async write<T>(store: LocalStore, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      const value = await store.write(fn);
      this.recovered();
      return value;
    } catch (e) {
      if (e instanceof StorageFailure) {
        this.failed(e);
        throw new ClientError({ kind: 'storage-failed' }, { cause: e });
      }
      throw e;
    }
  }

  /** A read for the picture: null when storage failed (shown; a closed store is no problem). */
  async read<T>(store: LocalStore, fn: (tx: Tx) => Promise<T>): Promise<T | null> {
    try {
      return await store.read(fn);
    } catch (e) {
      if (!(e instanceof StorageFailure)) throw e;
      if (e.kind !== 'closed') this.failed(e);
      return null;
    }
  }

  /** The adapter: the one given, IndexedDB, or memory where there is no IndexedDB. */
  async open(options: StoreOptions, name: string): Promise<LocalStore> {
    if (options.store) return options.store;
    const factory = options.indexedDB ?? globalThis.indexedDB;
    if (!factory) return openMemoryStore();
    return openIdbStore({
      indexedDB: factory,
      name,
      onBlocked: () => this.report('upgrade-blocked'),
      // A newer version of the app needs the database: this tab stops using it (reload to continue).
      onVersionChange: () => this.report('upgrade-blocked'),
      durability: options.durability ?? 'strict',
    });
  }
}
