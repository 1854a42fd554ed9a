/**
 * The client's storage port. Two adapters implement it (IndexedDB through `idb`, and memory) and
 * pass one contract suite (tests/support/client/store-contract.ts). Domain transactions (outbox.ts) are written once
 * against it.
 *
 * Contract:
 * - `write(fn)` is atomic and serializable with every other transaction on the same database
 *   (also from other connections: tabs). It resolves only after the commit completed (the data
 *   is durable); if `fn` throws or any request fails, nothing of it is kept and it rejects with a
 *   `StorageFailure`. With `{ durability: 'relaxed' }` it is just as atomic and ordered, but a
 *   crash of the machine (not of the browser) before a later strict write may lose it: only for
 *   writes the device can make again by asking the server (docs/architecture.md#durability).
 * - Inside `fn`, await ONLY the `tx` methods. Awaiting anything else (network, timers, WebCrypto)
 *   lets IndexedDB auto-commit the transaction half-way (idb README, "Transaction lifetime").
 * - Values are copies: mutating a value read or written afterwards changes nothing stored.
 * - An index leaves out records that lack its key (sparse), and lists by index key, then primary key.
 */
import type { IndexedStore, IndexKey, IndexName, Key, StoreName, Value } from './schema';

/** Inclusive bounds; compared as IndexedDB compares keys (numbers < strings < arrays). */
export interface KeyRange<K> {
  lower: K;
  upper: K;
}

export interface Tx {
  get<S extends StoreName>(store: S, key: Key<S>): Promise<Value<S> | undefined>;
  getAll<S extends StoreName>(store: S): Promise<Value<S>[]>;
  getAllFromIndex<S extends IndexedStore, I extends IndexName<S>>(
    store: S,
    index: I,
    query: IndexKey<S, I> | KeyRange<IndexKey<S, I>>,
    /** At most this many, from the start of the index order. */
    count?: number,
  ): Promise<Value<S>[]>;
  put<S extends StoreName>(store: S, value: Value<S>): Promise<void>;
  delete<S extends StoreName>(store: S, key: Key<S>): Promise<void>;
}

/** How durable a write is once it resolves (default: strict). */
export interface WriteOptions {
  durability?: 'strict' | 'relaxed';
}

export interface LocalStore {
  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  write<T>(fn: (tx: Tx) => Promise<T>, options?: WriteOptions): Promise<T>;
  close(): void;
}

export type StorageFailureKind = 'quota-exceeded' | 'write-failed' | 'closed';

/** The one error a store raises: what went wrong, in a form the snapshot can show. */
export class StorageFailure extends Error {
  readonly kind: StorageFailureKind;
  constructor(kind: StorageFailureKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageFailure';
    this.kind = kind;
  }
}

export function toStorageFailure(error: unknown): StorageFailure {
  if (error instanceof StorageFailure) return error;
  const name = error instanceof Error || isDomException(error) ? error.name : '';
  if (name === 'QuotaExceededError') {
    return new StorageFailure('quota-exceeded', 'the device storage is full', { cause: error });
  }
  if (name === 'InvalidStateError' && /clos/i.test(String((error as Error).message))) {
    return new StorageFailure('closed', 'the local database is closed', { cause: error });
  }
  return new StorageFailure('write-failed', describe(error), { cause: error });
}

function isDomException(e: unknown): e is { name: string; message: string } {
  return typeof e === 'object' && e !== null && 'name' in e && 'message' in e;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function isRange<K>(query: K | KeyRange<K>): query is KeyRange<K> {
  return typeof query === 'object' && query !== null && !Array.isArray(query) && 'lower' in query;
}
