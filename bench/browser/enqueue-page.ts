/**
 * The page of bench/figures/client-enqueue-ms.ts: the client's `adjust` resolves once the
 * operation's IndexedDB transaction committed (strict durability), so its duration is tap → durable.
 * Offline (a stored session and lease, no server), so nothing but the decision runs.
 */
import { createClient, type StockroomClientCore } from '../../src/client/client';
import { storeLease } from '../../src/client/local/leases';
import { setSession } from '../../src/client/local/meta';
import { openIdbStore } from '../../src/client/store/idb-store';
import { leaseResponse } from '../../src/client/store/store-contract';

const offline = { isOnline: () => false, subscribe: () => () => undefined };
const clients = new Map<string, StockroomClientCore>();

/** A signed-in, offline client on a new database `name`, holding a lease. */
async function openTapper(name: string): Promise<void> {
  const seed = await openIdbStore({ indexedDB, name });
  await seed.write(async (tx) => {
    await setSession(tx, 'token', { id: 'u1', name: 'demo', role: 'staff' });
    await storeLease(tx, 'u1', leaseResponse(`L${name}`, new Date().toISOString()), Date.now());
  });
  seed.close();
  const client = createClient({
    dbName: name,
    network: offline,
    fetch: () => Promise.reject(new TypeError('offline')),
    broadcast: null,
    durability: 'strict',
  });
  await client.whenIdle();
  clients.set(name, client);
}

/**
 * `taps` adjustments on the client `name`, each timed from the call to its durable commit.
 * Paced: the next tap comes after the client is idle again (the screen caught up), as a person
 * taps; burst: as soon as the previous change is durable.
 */
async function tap(name: string, taps: number, paced: boolean): Promise<number[]> {
  const client = clients.get(name);
  if (!client) throw new Error(`openTapper(${name}) first`);
  const samples: number[] = [];
  for (let i = 0; i < taps; i++) {
    const t0 = performance.now();
    await client.adjust({ itemId: 'lamp-14', delta: -1, reason: 'sold' });
    samples.push(performance.now() - t0);
    if (paced) await client.whenIdle();
  }
  return samples;
}

/** What the figure calls in the page. */
export interface EnqueuePage {
  openTapper: typeof openTapper;
  tap: typeof tap;
}

const api: EnqueuePage = { openTapper, tap };
Object.assign(globalThis, api);
