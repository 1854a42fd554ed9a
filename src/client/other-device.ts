/**
 * Tester mode's "Old backup restored" needs the backup of another phone: this app's own code run on
 * a store in memory, as the same person. The old phone takes a lease of its own, saves the change,
 * sends it once (a fault the tester armed for that id decides what the server does with it), and
 * exports its outbox: the file a person carries from an old phone to this one. Nothing here reads
 * or writes this device's outbox; only the item is copied, so the change reads "Add 1 to <name>".
 *
 * The old phone's clock runs `ageMs` behind this device's: its change was made that long ago, which
 * is what Review shows after the restore (a client timestamp explains; the server never trusts it).
 */
import type { Item, Op } from '../protocol/schemas';
import { randomId, type Clock } from './core/clock';
import { ensureFreshLease } from './lease-sync';
import { exportOutbox } from './transactions/device-backup';
import { ensureDevice, setDeviceName, setSession } from './transactions/meta';
import { enqueue } from './transactions/outbox';
import type { HttpDeps } from './net/http';
import { DEFAULT_SENDER_POLICY, drainOnce } from './sender';
import { openMemoryStore } from './store/memory-store';
import type { SessionMeta } from './core/records';
import { localLock } from './tabs';

export interface OtherDeviceChange {
  op: Op;
  /** The item as this device knows it (for the change's summary on the old phone). */
  item: Item | null;
  /** How long ago the old phone made the change, by its clock. */
  ageMs: number;
  deviceName: string;
  /** Called with the operation id once it is saved, before its one attempt is sent. */
  beforeSend: (operationId: string) => Promise<void>;
}

export async function backupFromOtherDevice(
  http: HttpDeps,
  session: SessionMeta,
  change: OtherDeviceChange,
): Promise<{ backup: string; operationId: string }> {
  const clock: Clock = {
    now: () => http.clock.now() - change.ageMs,
    setTimeout: (fn, ms) => http.clock.setTimeout(fn, ms),
    clearTimeout: (handle) => http.clock.clearTimeout(handle),
  };
  // Its own http: no status bar listens to the old phone, and its silence is no news about this one.
  const phoneHttp: HttpDeps = {
    baseUrl: http.baseUrl,
    fetch: http.fetch,
    clock,
    timeoutMs: http.timeoutMs,
  };
  // Its jitter never draws a short wait: one attempt, then the backup (no second try within the hour).
  const random = () => 0.5 + Math.random() / 2;
  const store = openMemoryStore();
  try {
    await store.write(async (tx) => {
      await ensureDevice(tx, randomId(random));
      await setDeviceName(tx, change.deviceName, randomId(random));
      await setSession(tx, session.token, session.user, session.testerMode === true);
      if (change.item) await tx.put('items', change.item);
    });
    const deps = { store, http: phoneHttp, random };
    if (
      (await ensureFreshLease(deps, session, DEFAULT_SENDER_POLICY.leaseMaxAgeMs)) !== 'renewed'
    ) {
      throw new Error('The old phone could not get a lease from the server.');
    }
    const saved = await store.write((tx) =>
      enqueue(tx, { userId: session.user.id, userName: session.user.name }, change.op, clock.now()),
    );
    if (saved.kind !== 'saved') throw new Error('The old phone could not save the change.');
    await change.beforeSend(saved.record.id);
    await drainOnce({
      ...deps,
      policy: { ...DEFAULT_SENDER_POLICY, baseMs: 3_600_000, capMs: 3_600_000 },
      lock: localLock(),
      isOnline: () => true,
    });
    const backup = await store.read((tx) => exportOutbox(tx, session.user.id, clock.now()));
    return { backup: JSON.stringify(backup, null, 2), operationId: saved.record.id };
  } finally {
    store.close();
  }
}
