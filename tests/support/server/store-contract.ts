/**
 * The one contract every `Store` adapter passes (like Replicache's `kv/store-test-util.ts#runAll`).
 * An adapter's test file calls `runStoreContract` with a fixture factory; each test gets a fresh,
 * empty database, and `open()` may be called again for a second handle on that same database
 * (two server processes).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryResponse, ItemsResponse, Receipt, type Op } from '../../../src/protocol/schemas';
import { registerApplyContract } from './store-contract-apply';
import { registerCatalogueContract } from './store-contract-catalogue';
import { registerExportContract } from './store-contract-export';
import { registerPlacesContract } from './store-contract-places';
import { registerRetentionContract } from './store-contract-retention';
import { registerSignInContract } from './store-contract-sign-in';
import { registerStocktakeContract } from './store-contract-stocktakes';
import type { AccountChange } from '../../../src/server/core/accounts';
import type { Store } from '../../../src/server/store/store';
import { ALICE, BOB, contractContext, T0, type StoreFixture } from './store-contract-support';

export type { StoreFixture } from './store-contract-support';

export function runStoreContract(name: string, makeFixture: () => Promise<StoreFixture>): void {
  describe(`Store contract: ${name}`, () => {
    const ctx = contractContext();
    let opened: Store[] = [];
    let fixture: StoreFixture | null = null;

    beforeEach(async () => {
      const f = await makeFixture();
      fixture = f;
      opened = [];
      ctx.open = async () => {
        const s = await f.open();
        opened.push(s);
        return s;
      };
      ctx.store = await ctx.open();
      expect(await ctx.store.insertUser(ALICE)).toBe(true);
      expect(await ctx.store.insertUser(BOB)).toBe(true);
    });

    afterEach(async () => {
      for (const s of opened) await s.close();
      await fixture?.dispose();
      fixture = null;
    });

    it('stores users and finds them by name and id', async () => {
      const { store } = ctx;
      expect(store.kind === 'sqlite' || store.kind === 'postgres').toBe(true);
      expect(await store.countUsers()).toBe(2);
      expect(await store.userByName('alice')).toEqual({ ...ALICE, disabled: false });
      expect(await store.userById(BOB.id)).toEqual({ ...BOB, disabled: false });
      expect(await store.userByName('carol')).toBeNull();
      expect(await store.userById('nobody')).toBeNull();
      // A taken name is refused as a value, so processes starting together seed demo users once.
      expect(await store.insertUser({ ...ALICE, id: 'u-other' })).toBe(false);
      expect(await store.countUsers()).toBe(2);
    });

    it('has an epoch, the same for every handle and every reopening, and no restore behind it', async () => {
      const first = await ctx.store.identity();
      expect(first.epoch).toMatch(/^[0-9a-f]{32}$/);
      expect(first.restoredFrom).toBeNull();
      // A second process on the same database, and the database reopened: the same identity.
      expect(await (await ctx.open()).identity()).toEqual(first);
    });

    it('accounts: lists users, changes a password hash, disables and enables', async () => {
      const { store } = ctx;
      expect((await store.listUsers()).map((u) => [u.name, u.disabled])).toEqual([
        ['alice', false],
        ['bob', false],
      ]);
      await changeAlice(store, { passwordHash: 'reset' });
      expect((await store.userById(ALICE.id))?.passwordHash).toBe('reset');
      await store.insertSession({ tokenHash: 'a1', userId: ALICE.id, expiresAt: T0 + 1000 });
      await store.insertSession({ tokenHash: 'b1', userId: BOB.id, expiresAt: T0 + 1000 });
      // An upgrade replaces only the hash it was computed from: never a newer password.
      await store.upgradePasswordHash(ALICE.id, 'stale', 'from-stale');
      expect((await store.userById(ALICE.id))?.passwordHash).toBe('reset');
      await store.upgradePasswordHash(ALICE.id, 'reset', 'upgraded');
      expect((await store.userById(ALICE.id))?.passwordHash).toBe('upgraded');
      expect(await store.sessionByHash('a1')).not.toBeNull();
      await changeAlice(store, { passwordHash: 'changed' });
      expect(await store.sessionByHash('a1')).toBeNull();
      await store.insertSession({ tokenHash: 'a2', userId: ALICE.id, expiresAt: T0 + 1000 });
      await changeAlice(store, { disabled: true });
      expect(await store.userByName('alice')).toMatchObject({ disabled: true });
      expect(await store.sessionByHash('a2')).toBeNull();
      expect(await store.sessionByHash('b1')).not.toBeNull();
      await changeAlice(store, { disabled: false });
      expect(await store.userByName('alice')).toMatchObject({ disabled: false });
    });

    it('stores, extends and deletes sessions by token hash', async () => {
      const { store } = ctx;
      await store.insertSession({ tokenHash: 'h1', userId: ALICE.id, expiresAt: T0 + 1000 });
      expect(await store.sessionByHash('h1')).toEqual({
        tokenHash: 'h1',
        userId: ALICE.id,
        expiresAt: T0 + 1000,
      });
      await store.extendSession('h1', T0 + 5000);
      expect((await store.sessionByHash('h1'))?.expiresAt).toBe(T0 + 5000);
      await store.deleteSession('h1');
      expect(await store.sessionByHash('h1')).toBeNull();
      expect(await store.sessionByHash('never')).toBeNull();
    });

    it('reads a session with its user in one call', async () => {
      const { store } = ctx;
      await store.insertSession({ tokenHash: 'j1', userId: ALICE.id, expiresAt: T0 + 1000 });
      expect(await store.sessionUser('j1')).toEqual({
        session: { tokenHash: 'j1', userId: ALICE.id, expiresAt: T0 + 1000 },
        user: { ...ALICE, disabled: false },
      });
      await changeAlice(store, { disabled: true });
      expect(await store.sessionUser('j1')).toBeNull();
      expect(await store.sessionUser('never')).toBeNull();
    });

    it('lists seeded items at revision 1, and ?since returns only later changes', async () => {
      const { store } = ctx;
      await ctx.seed();
      const all = ItemsResponse.parse(await store.listItems(null));
      expect(all.items.map((i) => i.id).sort()).toEqual(['bolt-1', 'lamp-14', 'nut-2']);
      expect(all.items.find((i) => i.id === 'lamp-14')).toEqual({
        id: 'lamp-14',
        sku: 'LMP-14',
        name: 'Desk lamp',
        location: 'A1',
        quantity: 12,
        revision: 1,
        updatedAt: new Date(T0).toISOString(),
        barcode: null,
        lowStockThreshold: null,
        archived: false,
        stock: [{ placeId: 'main', quantity: 12 }],
      });
      const r0 = all.revision;
      expect(r0).toBeGreaterThan(0);
      expect((await store.listItems(r0)).items).toEqual([]);

      await ctx.adjust('lamp-14', -2, T0 + 10);
      const d1 = ItemsResponse.parse(await store.listItems(r0));
      expect(d1.items.map((i) => [i.id, i.quantity, i.revision])).toEqual([['lamp-14', 10, 2]]);
      expect(d1.items[0]?.updatedAt).toBe(new Date(T0 + 10).toISOString());
      expect(d1.revision).toBeGreaterThan(r0);

      await ctx.adjust('bolt-1', 5, T0 + 20);
      const d2 = await store.listItems(d1.revision);
      expect(d2.items.map((i) => i.id)).toEqual(['bolt-1']);
      expect((await store.listItems(d2.revision)).items).toEqual([]);
      // A verdict that changes nothing changes no revision.
      await ctx.adjust('nut-2', -1000, T0 + 30);
      expect(await store.listItems(d2.revision)).toEqual({ items: [], revision: d2.revision });
    });

    it('pages item history newest first, applied operations only, with their user names', async () => {
      const { store } = ctx;
      await ctx.seed();
      expect(await store.history('lamp-14', 10, null)).toEqual({ entries: [], next: null });
      expect(await store.history('no-such-item', 10, null)).toBeNull();
      for (let i = 1; i <= 5; i++) await ctx.adjust('lamp-14', -1, T0 + i, { note: `n${i}` });
      await ctx.adjust('lamp-14', -100, T0 + 6); // review: not in the journal
      await ctx.apply(
        { type: 'count', itemId: 'lamp-14', quantity: 3, basedOnRevision: 6 },
        { at: T0 + 7, userId: BOB.id },
      );

      const page1 = HistoryResponse.parse(await store.history('lamp-14', 2, null));
      expect(page1.entries.map((e) => [e.type, e.delta, e.resultingQuantity])).toEqual([
        ['count', -4, 3],
        ['adjust', -1, 7],
      ]);
      expect(page1.entries[0]).toMatchObject({ userName: 'bob', note: null });
      expect(page1.entries[1]).toMatchObject({
        userName: 'alice',
        reason: 'sold',
        note: 'n5',
        recordedAt: new Date(T0 + 5).toISOString(),
      });
      expect(page1.next).not.toBeNull();
      const page2 = await store.history('lamp-14', 2, page1.next);
      expect(page2?.entries.map((e) => e.note)).toEqual(['n4', 'n3']);
      const page3 = await store.history('lamp-14', 2, page2?.next ?? null);
      expect(page3?.entries.map((e) => e.note)).toEqual(['n2', 'n1']);
      expect(page3?.next).toBeNull();
      const ids = [...page1.entries, ...(page2?.entries ?? []), ...(page3?.entries ?? [])].map(
        (e) => e.operationId,
      );
      expect(new Set(ids).size).toBe(6);
    });

    it('records a created item in its history', async () => {
      const create: Op = {
        type: 'createItem',
        itemId: 'tape-9',
        sku: 'TP-9',
        name: 'Tape',
        location: 'D4',
        initialQuantity: 7,
      };
      const { request } = await ctx.apply(create, { at: T0 });
      const history = await ctx.store.history('tape-9', 10, null);
      expect(history?.entries).toEqual([
        {
          operationId: request.operationId,
          userName: 'alice',
          type: 'createItem',
          delta: 7,
          resultingQuantity: 7,
          reason: 'created',
          note: null,
          recordedAt: new Date(T0).toISOString(),
          placeId: 'main',
          placeQuantity: 7,
          revision: 1,
        },
      ]);
      const receipt = Receipt.parse(JSON.parse(await ctx.receiptOf(request)));
      expect(receipt).toMatchObject({ outcome: 'applied', delta: 7, itemRevision: 1 });
    });

    registerApplyContract(ctx);
    registerRetentionContract(ctx);
    registerExportContract(ctx);
    registerCatalogueContract(ctx);
    registerSignInContract(ctx);
    registerPlacesContract(ctx);
    registerStocktakeContract(ctx);
  });
}

/** An account change of alice that no rule refuses (the rules are core/accounts.ts', tested there). */
async function changeAlice(store: Store, change: AccountChange): Promise<void> {
  expect(await store.changeUser(ALICE.name, change, () => null)).toMatchObject({ kind: 'changed' });
}
