/** Fetch a lease when the freshest one is too old (or missing); movable operations move onto it. */
import { randomId } from './core/clock';
import { freshestLease, leaseNeedsRefresh } from './core/rules';
import type { ServerSkew } from './core/server-clock';
import { noteEpoch } from './transactions/epoch';
import { storeLease, userLeases } from './transactions/leases';
import { pullItemChanges } from './sync-items';
import { ensureDevice, signedInAs } from './transactions/meta';
import { requestLease } from './net/api';
import type { HttpDeps } from './net/http';
import { StorageFailure, type LocalStore } from './store/local-store';
import type { SessionMeta } from './core/records';

export interface LeaseSyncDeps {
  store: LocalStore;
  http: HttpDeps;
  random: () => number;
  storageFailed?: (failure: StorageFailure) => void;
  /** The server's clock as last read (a tester clock jump can end a lease early). */
  serverSkew?: () => ServerSkew | null;
}

export type LeaseSyncResult =
  'fresh' | 'renewed' | 'unauthorized' | 'unreachable' | 'storage-problem';

export async function ensureFreshLease(
  deps: LeaseSyncDeps,
  session: SessionMeta,
  maxAgeMs: number,
): Promise<LeaseSyncResult> {
  const userId = session.user.id;
  const current = freshestLease(await deps.store.read((tx) => userLeases(tx, userId)));
  const skew = deps.serverSkew?.() ?? null;
  if (!leaseNeedsRefresh(current, deps.http.clock.now(), maxAgeMs, skew)) return 'fresh';
  try {
    // Signed out since the session was read (its data removed, maybe): it asks for nothing more.
    const device = await deps.store.write(async (tx) =>
      (await signedInAs(tx, session.token)) ? ensureDevice(tx, randomId(deps.random)) : null,
    );
    if (device === null) return 'unauthorized';
    const res = await requestLease(deps.http, session.token, device.deviceId);
    if (res.kind === 'unauthorized') return 'unauthorized';
    if (res.kind !== 'ok') return 'unreachable';
    const anotherDatabase = await deps.store.write(async (tx) => {
      // Signed out while it was on its way (data removed, maybe): a lease is the session's only.
      if (!(await signedInAs(tx, session.token))) return false;
      await storeLease(tx, userId, res.value, deps.http.clock.now());
      return noteEpoch(tx, res.value, deps.http.clock.now());
    });
    // Its items start over: the full list at once (the projection was dropped with the epoch).
    if (anotherDatabase) await pullItemChanges(deps, session.token);
  } catch (e) {
    if (!(e instanceof StorageFailure)) throw e;
    deps.storageFailed?.(e);
    return 'storage-problem';
  }
  return 'renewed';
}
