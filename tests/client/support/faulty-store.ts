/** A storage adapter that fails on demand, like a full disk or a tab closed before commit. */
import {
  StorageFailure,
  type LocalStore,
  type StorageFailureKind,
  type Tx,
} from '../../../src/client/store/local-store';
import type { StoreName } from '../../../src/client/store/schema';
import type { OperationRecord } from '../../../src/client/core/records';

export interface FaultyStore extends LocalStore {
  /** The next `n` writes fail with this kind (nothing of them is kept). */
  failWrites(n: number, kind: StorageFailureKind): void;
  /**
   * The next write that stores a receipt dies before its commit, as when the tab closes between
   * the server's answer and the local transaction: nothing of that transaction is kept. With
   * `skip`, that many receipt-storing writes commit first (a batch's receipts are stored in
   * several transactions: the tab closes between two of them).
   */
  crashBeforeReceiptCommit(skip?: number): void;
  /** Whether the armed crash has happened. */
  readonly crashed: boolean;
}

export function faultyStore(inner: LocalStore): FaultyStore {
  let failures = 0;
  let kind: StorageFailureKind = 'write-failed';
  let armed = false;
  let skipping = 0;
  let crashed = false;
  return {
    read: (fn) => inner.read(fn),
    write(fn, options) {
      if (failures > 0) {
        failures--;
        return Promise.reject(new StorageFailure(kind, `simulated ${kind}`));
      }
      if (!armed) return inner.write(fn, options);
      return inner.write(async (tx) => {
        let receipts = false;
        const spy: Tx = {
          get: (store, key) => tx.get(store, key),
          getAll: (store) => tx.getAll(store),
          getAllFromIndex: (store, index, query, count) =>
            tx.getAllFromIndex(store, index, query, count),
          delete: (store, key) => tx.delete(store, key),
          put: (store, value) => {
            if (storesReceipt(store, value)) receipts = true;
            return tx.put(store, value);
          },
        };
        const value = await fn(spy);
        if (armed && receipts && skipping > 0) skipping--;
        else if (armed && receipts) {
          armed = false;
          crashed = true;
          throw new StorageFailure('closed', 'the tab closed before the local commit');
        }
        return value;
      }, options);
    },
    close: () => inner.close(),
    failWrites(n, k) {
      failures = n;
      kind = k;
    },
    crashBeforeReceiptCommit(skip = 0) {
      armed = true;
      skipping = skip;
      crashed = false;
    },
    get crashed() {
      return crashed;
    },
  };
}

/** A put that stores a receipt: the operation record that carries it (schema v2). */
export function storesReceipt(store: StoreName, value: unknown): boolean {
  return store === 'operations' && (value as OperationRecord).receipt !== undefined;
}
