/**
 * A phone shared by several people (docs/client.md#shared-phones: the outbox is per user): what one
 * person leaves on the device after signing out, what a backup carries away, and when the server
 * hears that a session ended. Real server, fake client time, fake-indexeddb.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StockroomClientCore } from '../../src/client/client';
import type { CacheStorageLike } from '../../src/client/cached-api-data';
import { STORE_NAMES } from '../../src/client/store/schema';
import { ensureFreshLease } from '../../src/client/lease-sync';
import type { HttpDeps } from '../../src/client/net/http';
import { getMeta } from '../../src/client/transactions/meta';
import { routedFetch } from './support/network';
import {
  effectsOf,
  opById,
  savedOffline,
  signedIn,
  startHarness,
  until,
  type Harness,
} from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  h.network.set(true);
  await h.clearFaults();
});

/** Everything the client's IndexedDB holds, as text (what the next person could read). */
async function deviceText(c: StockroomClientCore): Promise<string> {
  const store = await h.storeOf(c);
  try {
    const all = await store.read(async (tx) =>
      Promise.all(STORE_NAMES.map(async (name) => [name, await tx.getAll(name)] as const)),
    );
    return JSON.stringify(Object.fromEntries(all));
  } finally {
    store.close();
  }
}

/** The session token the client keeps (null: signed out). */
async function sessionToken(c: StockroomClientCore): Promise<string | null> {
  const store = await h.storeOf(c);
  try {
    const meta = await store.read((tx) => tx.get('meta', 'session'));
    return meta?.key === 'session' ? meta.token : null;
  } finally {
    store.close();
  }
}

/** What the server answers to a signed-in request with this token. */
async function statusWith(token: string): Promise<number> {
  const res = await fetch(`${h.server.url}/api/items?since=0`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return res.status;
}

/** A Cache Storage in memory, holding what tests put in it. */
function memoryCaches(entries: Record<string, string[]>): CacheStorageLike & {
  urls(): Record<string, string[]>;
} {
  const caches = new Map(
    Object.entries(entries).map(([name, urls]) => [name, urls.map((u) => new Request(u))]),
  );
  return {
    keys: async () => [...caches.keys()],
    open: async (name) => {
      const list = caches.get(name) ?? [];
      caches.set(name, list);
      return {
        keys: async () => [...list],
        delete: async (request) => {
          const i = list.findIndex((r) => r.url === request.url);
          if (i >= 0) list.splice(i, 1);
          return i >= 0;
        },
      };
    },
    urls: () => Object.fromEntries([...caches].map(([n, list]) => [n, list.map((r) => r.url)])),
  };
}

describe('Sign out: this person’s work waits for them', () => {
  it('the next person sees it waiting, cannot send it as their own; its author sends it later', async () => {
    const indexedDB = new IDBFactory();
    const alex = await signedIn(h, { indexedDB });
    const name = alex.getSnapshot().user?.name;
    h.network.set(false);
    const op = await alex.adjust({ itemId: 'lamp-14', delta: -1, reason: 'sold', note: 'n-wait' });
    await alex.signOut();
    h.network.set(true);
    expect(await alex.signIn('manager', 'manager')).toEqual({ ok: true });
    await alex.whenIdle();
    await alex.syncNow({ newRound: true });
    const snap = alex.getSnapshot();
    expect(snap.operations).toEqual([]);
    expect(snap.otherUsersWaiting).toEqual([{ userName: name, count: 1 }]);
    expect(await effectsOf(h, 'lamp-14', op.id)).toBe(0);

    await alex.signOut();
    expect(await alex.signIn('demo', 'demo')).toEqual({ ok: true });
    await alex.whenIdle();
    await until(() => opById(alex, op.id).state === 'confirmed', 'the change sent by its author');
    expect(await effectsOf(h, 'lamp-14', op.id)).toBe(1);
  });
});

describe('a round under way when its person signs out', () => {
  // `after`: the batch whose answer is on its way back when the person signs out (batches of 2).
  it.each([
    { when: 'a person works (nothing claimed ahead)', saved: 5, quiet: false, after: 1 },
    // Batches go ahead once answers come back whole: the third is claimed while the second flies.
    { when: 'nobody works (the next batch claimed ahead)', saved: 6, quiet: true, after: 2 },
    { when: 'the last batch (the items pulled after it)', saved: 2, quiet: true, after: 1 },
  ])(
    '$when: asks nothing more with the ended session; the rest waits, sent once later',
    async ({ saved, quiet, after }) => {
      const real = routedFetch(() => h.server.url, h.network);
      let c: StockroomClientCore | null = null;
      let signedOut = false;
      let batches = 0;
      const asked: string[] = [];
      c = await signedIn(h, {
        policy: { batchSize: 2 },
        fetch: async (input, init) => {
          const path = new URL(String(input)).pathname;
          if (signedOut && path !== '/api/session') asked.push(`${init?.method ?? 'GET'} ${path}`);
          const res = await real(input, init);
          const batch = init?.method === 'POST' && path.startsWith('/api/operations');
          if (!signedOut && batch && ++batches === after) {
            signedOut = true;
            await c?.signOut();
          }
          return res;
        },
      });
      const ids = await savedOffline(h, c, saved, 'lamp-14');
      // A person's change a second ago keeps the sender from claiming a batch ahead.
      if (quiet) h.clock.advance(2_000);
      h.network.set(true);
      await c.whenIdle();
      expect(asked).toEqual([]);
      const effects = () => Promise.all(ids.map((id) => effectsOf(h, 'lamp-14', id)));
      expect(await effects()).toEqual(ids.map((_, i) => (i < 2 * after ? 1 : 0)));

      expect((await c.signIn('demo', 'demo')).ok).toBe(true);
      await c.whenIdle();
      expect(await effects()).toEqual(ids.map(() => 1));
      expect(ids.map((id) => opById(c, id).state)).toEqual(ids.map(() => 'confirmed'));
    },
  );
});

describe('Sign out and remove data from this device', () => {
  it('is refused while changes are not confirmed, saying how many; nothing is removed', async () => {
    const c = await signedIn(h);
    h.network.set(false);
    await c.adjust({ itemId: 'mug-sand', delta: -1, reason: 'sold', note: 'n-refused' });
    await c.adjust({ itemId: 'mug-sand', delta: -1, reason: 'sold' });
    await c.adjust({ itemId: 'mug-sand', delta: 2, reason: 'returned' });
    const before = await deviceText(c);

    const result = await c.signOutAndRemoveData();
    expect(result).toEqual({ ok: false, refusal: { kind: 'unconfirmed-changes', count: 3 } });
    expect(c.getSnapshot().user).not.toBeNull();
    expect(c.getSnapshot().unconfirmedCount).toBe(3);
    expect(await deviceText(c)).toBe(before);

    h.network.set(true);
    await until(() => c.getSnapshot().unconfirmedCount === 0, 'the changes to be confirmed');
    expect(await c.signOutAndRemoveData()).toEqual({ ok: true });
  });

  it('once all is confirmed, leaves nothing of the person on the device; the next person starts clean', async () => {
    const indexedDB = new IDBFactory();
    const caches = memoryCaches({
      'workbox-precache-v2': ['http://stockroom.test/index.html'],
      'runtime-api': [
        'http://stockroom.test/api/items/lamp-14/history?limit=50',
        'http://stockroom.test/api/items',
      ],
    });
    const alex = await signedIn(h, { indexedDB, caches });
    const token = await sessionToken(alex);
    const op = await alex.adjust({
      itemId: 'lamp-14',
      delta: -1,
      reason: 'damaged',
      note: 'secret-note-alex',
    });
    await until(() => opById(alex, op.id).state === 'confirmed', 'the change to be confirmed');
    const before = await deviceText(alex);
    expect(before).toContain('secret-note-alex');
    expect(before).toContain(op.id);

    expect(await alex.signOutAndRemoveData()).toEqual({ ok: true });
    await alex.whenIdle();
    const after = await deviceText(alex);
    expect(after).not.toContain('secret-note-alex');
    expect(after).not.toContain(op.id);
    expect(after).not.toContain(token);
    expect(after).not.toContain('"lamp-14"'); // the items went too
    const snap = alex.getSnapshot();
    expect([snap.user, snap.operations, snap.items, snap.lease]).toEqual([null, [], [], null]);
    // Cached API answers are gone; the app shell stays.
    expect(caches.urls()).toEqual({
      'workbox-precache-v2': ['http://stockroom.test/index.html'],
      'runtime-api': [],
    });
    // The server session ended with it.
    expect(token && (await statusWith(token))).toBe(401);

    // The next person signs in on the same device: the items come back whole, nothing of alex.
    expect(await alex.signIn('manager', 'manager')).toEqual({ ok: true });
    await alex.whenIdle();
    expect(alex.getSnapshot().items.length).toBeGreaterThanOrEqual(20);
    expect(alex.getSnapshot().otherUsersWaiting).toEqual([]);
    expect(await deviceText(alex)).not.toContain('secret-note-alex');
    // Reopening the device shows the same.
    const reopened = h.client({ indexedDB });
    await reopened.whenIdle();
    expect(reopened.getSnapshot().operations).toEqual([]);
  });

  it('keeps other people’s waiting work, and only removes the person’s own', async () => {
    const indexedDB = new IDBFactory();
    const c = await signedIn(h, { indexedDB, caches: null });
    h.network.set(false);
    const waiting = await c.adjust({ itemId: 'towel-tea', delta: -1, reason: 'sold', note: 'n-o' });
    await c.signOut();
    h.network.set(true);
    expect(await c.signIn('manager', 'manager')).toEqual({ ok: true });
    await c.whenIdle();
    expect(await c.signOutAndRemoveData()).toEqual({ ok: true });
    expect(await deviceText(c)).toContain(waiting.id);
    expect(c.getSnapshot().otherUsersWaiting).toEqual([{ userName: expect.any(String), count: 1 }]);
  });
  it('a lease or items answered before the data went, arriving after, are not kept', async () => {
    // The server answers a lease and an item pull; the answers are held on their way back until
    // the person has removed their data.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    let arrived = 0;
    const real = routedFetch(() => h.server.url, h.network);
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = String(input);
      const hold = holding > 0 && (url.endsWith('/api/leases') || url.includes('/api/items'));
      if (hold) holding--;
      const response = await real(input, init);
      if (hold) {
        arrived++;
        await held;
      }
      return response;
    };
    const c = await signedIn(h, { caches: null, fetch, policy: { leaseMaxAgeMs: 1000 } });
    // Someone else changes an item, so the pull brings it.
    const other = await signedIn(h, {}, 'manager');
    const change = await other.adjust({ itemId: 'lamp-14', delta: 1, reason: 'received' });
    await until(() => opById(other, change.id).state === 'confirmed', 'the other change');
    holding = 2;
    h.clock.advance(2000); // the lease is older than the refresh age
    h.network.visible(); // a contact: a fresh lease is asked for
    const refreshed = c.refreshItems();
    await until(() => arrived === 2, 'the answers of the lease and the items');
    expect(await c.signOutAndRemoveData()).toEqual({ ok: true });
    release();
    await refreshed;
    await c.whenIdle();
    expect(JSON.parse(await deviceText(c))).toMatchObject({ leases: [], items: [] });
  });

  it('a lease the sender found missing after the data went is not asked for with the ended session', async () => {
    const indexedDB = new IDBFactory();
    const c = await signedIn(h, { indexedDB, caches: null });
    const store = await h.storeOf(c);
    // The session as a round read it at its start, before the person removed their data.
    const session = await store.read((tx) => getMeta(tx, 'session'));
    if (!session) throw new Error('not signed in');
    expect(await c.signOutAndRemoveData()).toEqual({ ok: true });
    const asked: string[] = [];
    const real = routedFetch(() => h.server.url, h.network);
    const http: HttpDeps = {
      baseUrl: 'http://stockroom.test',
      fetch: (input, init) => {
        asked.push(String(input));
        return real(input, init);
      },
      clock: h.clock,
      timeoutMs: 2000,
    };
    const result = await ensureFreshLease({ store, http, random: () => 0.5 }, session, 3_600_000);
    expect(asked).toEqual([]);
    expect(result).toBe('unauthorized');
    store.close();
  });
});

describe('a sign-out made offline', () => {
  it('ends the server session at the next contact (coming online)', async () => {
    const c = await signedIn(h);
    const token = await sessionToken(c);
    if (!token) throw new Error('no session stored');
    h.network.set(false);
    await c.signOut();
    expect(await statusWith(token)).toBe(200); // the server could not hear it yet
    expect(await deviceText(c)).toContain(token); // kept only to end it

    h.network.set(true);
    await c.whenIdle();
    expect(await statusWith(token)).toBe(401);
    expect(await deviceText(c)).not.toContain(token);
  });

  it('ends it at the next start of the app when the tab was closed offline', async () => {
    const indexedDB = new IDBFactory();
    const first = await signedIn(h, { indexedDB });
    const token = await sessionToken(first);
    if (!token) throw new Error('no session stored');
    h.network.set(false);
    await first.signOut();
    first.close();
    h.network.set(true);
    expect(await statusWith(token)).toBe(200);

    const next = h.client({ indexedDB });
    await next.whenIdle();
    expect(await statusWith(token)).toBe(401);
  });

  it('a busy server keeps the token for the next contact; removing data ends it too', async () => {
    // The server answers 503 to sign-outs while `busy` (tester faults act on operations only).
    let busy = true;
    const real = routedFetch(() => h.server.url, h.network);
    const fetch: typeof globalThis.fetch = (input, init) =>
      busy && init?.method === 'DELETE' && String(input).endsWith('/api/session')
        ? Promise.resolve(new Response(null, { status: 503 }))
        : real(input, init);
    const c = await signedIn(h, { caches: null, fetch });
    const token = await sessionToken(c);
    if (!token) throw new Error('no session stored');
    expect(await c.signOutAndRemoveData()).toEqual({ ok: true });
    await c.whenIdle();
    expect(await statusWith(token)).toBe(200);
    expect(await deviceText(c)).toContain(token);
    busy = false;
    h.network.visible(); // back to the foreground: a contact
    await c.whenIdle();
    expect(await statusWith(token)).toBe(401);
    expect(await deviceText(c)).not.toContain(token);
  });
});

describe('the backup export', () => {
  it('holds only the signed-in person’s work', async () => {
    const c = await signedIn(h);
    const alexToken = await sessionToken(c);
    h.network.set(false);
    const alexOp = await c.adjust({ itemId: 'cable-3m', delta: -1, reason: 'sold', note: 'n-a' });
    await c.signOut();
    h.network.set(true);
    expect(await c.signIn('manager', 'manager')).toEqual({ ok: true });
    await c.whenIdle();
    h.network.set(false);
    const mine = await c.adjust({ itemId: 'cable-3m', delta: 1, reason: 'returned' });
    const backup = await c.exportBackup();
    const ids = (JSON.parse(backup) as { operations: { id: string }[] }).operations.map(
      (o) => o.id,
    );
    expect(ids).toEqual([mine.id]);
    expect(backup).not.toContain('n-a');
    expect(backup).not.toContain(alexOp.id.split('.')[0]); // nor alex's lease
    expect(backup).not.toContain(alexToken);
  });
});

describe('the backup import', () => {
  /** demo's waiting change, exported by demo on this phone; demo then signs out. */
  async function demoBackup(c: StockroomClientCore): Promise<{ backup: string; id: string }> {
    h.network.set(false);
    const op = await c.adjust({ itemId: 'cable-3m', delta: -1, reason: 'sold', note: 'n-import' });
    const backup = await c.exportBackup();
    await c.signOut();
    h.network.set(true);
    return { backup, id: op.id };
  }

  it("refuses another person's backup: nothing lands in anyone's review list", async () => {
    const indexedDB = new IDBFactory();
    const c = await signedIn(h, { indexedDB });
    const { backup, id } = await demoBackup(c);
    expect(await c.signIn('manager', 'manager')).toEqual({ ok: true });
    await c.whenIdle();
    const before = await deviceText(c);
    const refused = await c.importBackup(backup);
    expect(refused).toEqual({ ok: false, refusal: { kind: 'backup-of-others', people: ['demo'] } });
    expect(await deviceText(c)).toBe(before);
    expect(c.getSnapshot().operations.map((o) => o.id)).not.toContain(id);

    // Nor the other way round: a file edited to name the manager, imported by demo.
    const manager = c.getSnapshot().user;
    if (!manager) throw new Error('not signed in');
    const parsed = JSON.parse(backup) as {
      operations: { userId: string; userName: string; lease: { userId: string } }[];
    };
    for (const op of parsed.operations) {
      op.userId = manager.id;
      op.userName = manager.name;
      op.lease.userId = manager.id;
    }
    await c.signOut();
    expect(await c.signIn('demo', 'demo')).toEqual({ ok: true });
    await c.whenIdle();
    const planted = await c.importBackup(JSON.stringify(parsed));
    expect(planted).toMatchObject({
      ok: false,
      refusal: { kind: 'backup-of-others', people: ['manager'] },
    });
    await c.signOut();
    expect(await c.signIn('manager', 'manager')).toEqual({ ok: true });
    await c.whenIdle();
    expect(c.getSnapshot().operations.map((o) => o.id)).not.toContain(id);
  });

  it('needs a signed-in person, and refuses a file that breaks the text rule', async () => {
    const indexedDB = new IDBFactory();
    const c = await signedIn(h, { indexedDB });
    const { backup } = await demoBackup(c);
    expect(await c.importBackup(backup)).toEqual({
      ok: false,
      refusal: { kind: 'backup-signed-out' },
    });
    expect(await c.signIn('demo', 'demo')).toEqual({ ok: true });
    const spoofed = backup.replace('"summary": "', '"summary": "\\u202e');
    expect(spoofed).not.toBe(backup);
    expect(await c.importBackup(spoofed)).toMatchObject({ ok: false });
    expect(await c.importBackup(backup)).toEqual({ ok: true });
  });
});
