/**
 * The confirmed projection from the server: a full pull the first time, then `?since` deltas; the
 * places likewise.
 */
import { getMeta, signedInAs } from './transactions/meta';
import { applyItems, applyPlaces } from './transactions/projection';
import { pullItems, pullPlaces } from './net/api';
import type { HttpDeps } from './net/http';
import { StorageFailure, type LocalStore } from './store/local-store';

export interface ItemSyncDeps {
  store: LocalStore;
  http: HttpDeps;
  storageFailed?: (failure: StorageFailure) => void;
}

export type ItemSyncResult = 'ok' | 'unauthorized' | 'unreachable' | 'storage-problem';

export async function pullItemChanges(deps: ItemSyncDeps, token: string): Promise<ItemSyncResult> {
  const [since, placesSince] = await deps.store.read(async (tx) => [
    (await getMeta(tx, 'items'))?.revision ?? null,
    (await getMeta(tx, 'places'))?.revision ?? null,
  ]);
  // The places beside the items (docs/client.md#places); a server before places has none.
  const [res, places] = await Promise.all([
    pullItems(deps.http, token, since),
    pullPlaces(deps.http, token, placesSince),
  ]);
  if (res.kind === 'unauthorized') return 'unauthorized';
  if (res.kind !== 'ok') return 'unreachable';
  try {
    await deps.store.write(async (tx) => {
      // Signed out while it was on its way: a device whose data was removed keeps no items.
      if (!(await signedInAs(tx, token))) return;
      await applyItems(tx, res.value);
      if (places.kind === 'ok') await applyPlaces(tx, places.value);
    });
  } catch (e) {
    if (!(e instanceof StorageFailure)) throw e;
    deps.storageFailed?.(e);
    return 'storage-problem';
  }
  return 'ok';
}
