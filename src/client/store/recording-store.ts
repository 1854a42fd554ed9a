/**
 * A storage adapter that reports, after each commit, what the transaction wrote: the tab's
 * in-memory picture follows its own writes without reading IndexedDB again (a re-read of a large
 * outbox after every change would make each change cost more than the last).
 */
import type { LocalStore, Tx } from './local-store';
import type { Key, StoreName, Value } from './schema';

export type WriteEntry = {
  [S in StoreName]:
    { op: 'put'; store: S; value: Value<S> } | { op: 'delete'; store: S; key: Key<S> };
}[StoreName];

export function recordingStore(
  inner: LocalStore,
  committed: (log: readonly WriteEntry[]) => void,
): LocalStore {
  return {
    read: (fn) => inner.read(fn),
    async write(fn, options) {
      const log: WriteEntry[] = [];
      const value = await inner.write((tx) => {
        const recording: Tx = {
          get: (store, key) => tx.get(store, key),
          getAll: (store) => tx.getAll(store),
          getAllFromIndex: (store, index, query, count) =>
            tx.getAllFromIndex(store, index, query, count),
          put: (store, v) => {
            log.push({ op: 'put', store, value: v } as WriteEntry);
            return tx.put(store, v);
          },
          delete: (store, key) => {
            log.push({ op: 'delete', store, key } as WriteEntry);
            return tx.delete(store, key);
          },
        };
        return fn(recording);
      }, options);
      committed(log);
      return value;
    },
    close: () => inner.close(),
  };
}
