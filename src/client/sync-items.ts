/** The confirmed projection from the server: a full pull the first time, then `?since` deltas. */
import { getMeta } from './transactions/meta';
import { applyItems } from './transactions/projection';
import { pullItems } from './net/api';
import type { HttpDeps } from './net/http';
import { StorageFailure, type LocalStore } from './store/local-store';

export interface ItemSyncDeps {
  store: LocalStore;
  http: HttpDeps;
  storageFailed?: (failure: StorageFailure) => void;
}

export type ItemSyncResult = 'ok' | 'unauthorized' | 'unreachable' | 'storage-problem';

export async function pullItemChanges(deps: ItemSyncDeps, token: string): Promise<ItemSyncResult> {
  const since = (await deps.store.read((tx) => getMeta(tx, 'items')))?.revision ?? null;
  const res = await pullItems(deps.http, token, since);
  if (res.kind === 'unauthorized') return 'unauthorized';
  if (res.kind !== 'ok') return 'unreachable';
  try {
    await deps.store.write(async (tx) => {
      // Signed out while it was on its way: a device whose data was removed keeps no items.
      if ((await getMeta(tx, 'session'))?.token !== token) return;
      await applyItems(tx, res.value);
    });
  } catch (e) {
    if (!(e instanceof StorageFailure)) throw e;
    deps.storageFailed?.(e);
    return 'storage-problem';
  }
  return 'ok';
}
