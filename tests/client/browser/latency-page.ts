/**
 * Enqueue-to-durable latency in the page: the client's `adjust` resolves once the operation's
 * IndexedDB transaction completed (strict durability). Offline, so nothing but the decision runs.
 */
import { createClient } from '../../../src/client/client';
import { storeLease } from '../../../src/client/local/leases';
import { setSession } from '../../../src/client/local/meta';
import { openIdbStore } from '../../../src/client/store/idb-store';
import { leaseResponse } from '../../../src/client/store/store-contract';

const offline = { isOnline: () => false, subscribe: () => () => undefined };

async function measureEnqueue(
  taps: number,
  paced: boolean,
  durability: 'strict' | 'relaxed',
): Promise<number[]> {
  const name = `latency-${Date.now()}-${paced ? 'paced' : 'burst'}-${durability}`;
  const seed = await openIdbStore({ indexedDB, name });
  await seed.write(async (tx) => {
    await setSession(tx, 'token', { id: 'u1', name: 'demo', role: 'staff' });
    await storeLease(tx, 'u1', leaseResponse('Llatency', new Date().toISOString()), Date.now());
  });
  seed.close();
  const client = createClient({
    dbName: name,
    network: offline,
    fetch: () => Promise.reject(new TypeError('offline')),
    broadcast: null,
    durability,
  });
  await client.whenIdle();
  const samples: number[] = [];
  for (let i = 0; i < taps; i++) {
    const t0 = performance.now();
    await client.adjust({ itemId: 'lamp-14', delta: -1, reason: 'sold' });
    samples.push(performance.now() - t0);
    // Paced: a person taps again after the screen caught up; burst: as fast as promises allow.
    if (paced) await client.whenIdle();
  }
  client.close();
  return samples;
}

(globalThis as { measureEnqueue?: typeof measureEnqueue }).measureEnqueue = measureEnqueue;
