/**
 * A phone that last ran the release before places (docs/client.md#places) opens with today's app,
 * holding unsent changes: its IndexedDB (schema v3, the version places kept) is written here by
 * hand in that release's shape — items without `stock`, no `places` in `meta`, operations without
 * `placeId`, one of them sent before with its reply lost. Today's client keeps every change, sends
 * each once, and the stock lands in `main`, on the server and on the phone.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, openIdbStore } from '../../src/client/store/idb-store';
import { LeaseResponse, MAIN_PLACE, Receipt, type Op } from '../../src/protocol/schemas';
import { effectsOf, startHarness, until, type Harness } from './support/harness';
import { routedFetch } from './support/network';
import { signInDirect, type Session } from './support/server';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function post(path: string, session: Session, body: unknown): Promise<unknown> {
  const res = await fetch(`${h.server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** Puts the records into the database through IndexedDB itself, as the old app's code did. */
async function putRaw(factory: IDBFactory, records: Record<string, unknown[]>): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const r = factory.open('stockroom', 3);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(new Error('open failed'));
  });
  const tx = db.transaction(Object.keys(records), 'readwrite');
  for (const [store, rows] of Object.entries(records))
    for (const row of rows) tx.objectStore(store).put(row);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(new Error('write failed'));
  });
  db.close();
}

describe('a phone from before places, with unsent changes, opens with today’s app', () => {
  it('keeps its changes, sends each once, and the stock is at main', async () => {
    const demo = await signInDirect(h.server.url, 'demo');
    const { lease, token } = LeaseResponse.parse(
      await post('/api/leases', demo, { deviceId: 'old-phone' }),
    );
    const { items, revision } = await h.server.store.listItems(null);
    const lamp = items.find((i) => i.id === 'lamp-14');
    const floor = items.find((i) => i.id === 'lamp-15');
    if (!lamp || !floor) throw new Error('no demo lamps');

    const now = h.clock.now();
    const ops: [string, Op, string][] = [
      [
        `${lease.id}.0`,
        { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
        'Sold 1 of Desk lamp, brass',
      ],
      [
        `${lease.id}.1`,
        { type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' },
        'Sold 2 of Desk lamp, brass',
      ],
      [
        `${lease.id}.2`,
        { type: 'count', itemId: 'lamp-15', quantity: 9, basedOnRevision: floor.revision },
        'Count of Floor lamp: 9',
      ],
    ];
    // The first went out before the update and its reply was lost: the server applied it.
    const [lost] = ops;
    if (!lost) throw new Error('unreachable');
    const applied = Receipt.parse(
      await post('/api/operations', demo, { id: lost[0], lease: token, op: lost[1] }),
    );
    expect(applied.outcome).toBe('applied');

    // The previous release's records, written by hand (no `stock`, no `places`, no `placeId`).
    const factory = new IDBFactory();
    (await openIdbStore({ indexedDB: factory, migrations: MIGRATIONS.slice(0, 3) })).close();
    await putRaw(factory, {
      meta: [
        { key: 'session', token: demo.token, user: demo.user, expired: false },
        { key: 'device', deviceId: 'old-phone', deviceName: 'Till 1' },
        { key: 'items', revision },
        { key: 'order', next: ops.length + 1 },
      ],
      items: items.map(({ stock: _stock, ...old }) => old),
      leases: [
        {
          ...lease,
          token,
          nextSeq: ops.length,
          fetchedAt: now,
          origin: 'issued',
        },
      ],
      operations: ops.map(([id, op, summary], i) => ({
        id,
        handle: id,
        userId: demo.user.id,
        userName: demo.user.name,
        order: i + 1,
        leaseId: lease.id,
        op,
        createdAt: now - 60_000,
        summary,
        state:
          i === 0
            ? { kind: 'unknown', since: now, retry: { attempts: 1, notBefore: now }, notYet: false }
            : { kind: 'queued', retry: { attempts: 0, notBefore: now } },
        sendAttempts: i === 0 ? 1 : 0,
        imported: null,
        resolution: null,
        queueKey: [demo.user.id, i + 1],
      })),
    });

    // The item lists stay out of reach at first: what the phone shows comes from the receipts.
    const routed = routedFetch(() => h.server.url, h.network);
    let listsReachable = false;
    const phone = h.client({
      indexedDB: factory,
      fetch: (input, init) =>
        String(input).includes('/api/items') && !listsReachable
          ? Promise.reject(new TypeError('Failed to fetch'))
          : routed(input, init),
    });
    await phone.whenIdle();
    await until(
      () => phone.getSnapshot().operations.every((o) => o.state === 'confirmed'),
      'every change confirmed',
    );

    const snapshot = phone.getSnapshot();
    expect(snapshot.operations.map((o) => o.id).sort()).toEqual(ops.map(([id]) => id).sort());
    for (const [id, op] of ops) {
      const itemId = 'itemId' in op ? op.itemId : '';
      expect(await effectsOf(h, itemId, id)).toBe(1);
    }
    const server = (await h.server.store.listItems(null)).items;
    const stockOf = (list: typeof items, id: string) =>
      list.find((i) => i.id === id)?.stock?.filter((s) => s.quantity !== 0);
    expect(stockOf(server, 'lamp-14')).toEqual([
      { placeId: MAIN_PLACE, quantity: lamp.quantity - 3 },
    ]);
    expect(stockOf(server, 'lamp-15')).toEqual([{ placeId: MAIN_PLACE, quantity: 9 }]);
    expect(stockOf(snapshot.items, 'lamp-14')).toEqual(stockOf(server, 'lamp-14'));
    expect(stockOf(snapshot.items, 'lamp-15')).toEqual(stockOf(server, 'lamp-15'));

    // With the lists back, the pull agrees and brings the places.
    listsReachable = true;
    await phone.refreshItems();
    const pulled = phone.getSnapshot();
    expect(pulled.places?.map((p) => p.id)).toContain(MAIN_PLACE);
    expect(stockOf(pulled.items, 'lamp-14')).toEqual(stockOf(server, 'lamp-14'));
    expect(stockOf(pulled.items, 'lamp-15')).toEqual(stockOf(server, 'lamp-15'));
  });
});
