/**
 * Which database the server runs, asked on start, at sign-in and when the device comes online
 * (`GET /readyz` answers the epoch): a device whose session is still valid meets a server restored
 * from a backup now, not only at its next lease refresh an hour later
 * (docs/client.md#after-a-server-restore). Meeting another epoch is transactions/epoch.ts's business;
 * nothing is sent by itself.
 */
import { noteEpoch } from './transactions/epoch';
import { signedInAs } from './transactions/meta';
import { readiness } from './net/api';
import { pullItemChanges, type ItemSyncDeps } from './sync-items';
import { StorageFailure } from './store/local-store';

export async function checkEpoch(deps: ItemSyncDeps, token: string): Promise<void> {
  const res = await readiness(deps.http);
  // Not ready or away: the lease and sign-in answers carry the epoch too; nothing to do now.
  if (res.kind !== 'ok') return;
  try {
    const anotherDatabase = await deps.store.write(async (tx) => {
      // Signed out while it was on its way: the epoch belongs to whoever signs in next.
      if (!(await signedInAs(tx, token))) return false;
      return noteEpoch(tx, res.value, deps.http.clock.now());
    });
    // Its items start over: the full list at once (the projection was dropped with the epoch).
    if (anotherDatabase) await pullItemChanges(deps, token);
  } catch (e) {
    if (!(e instanceof StorageFailure)) throw e;
    deps.storageFailed?.(e);
  }
}
