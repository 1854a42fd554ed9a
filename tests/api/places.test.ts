/**
 * docs/api.md#places: places, stock per place, `transfer` (both sides in one transaction,
 * exactly once), the place catalogue's verdicts and roles, `GET /api/places` and
 * `GET /api/stock.csv`; black-box through HTTP on both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlacesResponse, type Op } from '../../src/protocol/schemas';
import { DATABASES, type SharedDatabase } from '../multi/support/databases';
import { ok, signIn, type Api } from './support/api';
import { parseCsv } from './support/csv';
import { adjust, count, freshItemId, type LeaseHandle } from './support/ops';
import { expectFieldError, expectReceipt } from './support/problem';
import { startTestServer, type RunningServer } from './support/server';

const transfer = (
  itemId: string,
  fromPlaceId: string,
  toPlaceId: string,
  quantity: number,
  extra: { note?: string; allowNegative?: boolean } = {},
): Op => ({ type: 'transfer', itemId, fromPlaceId, toPlaceId, quantity, ...extra });
const createPlace = (placeId: string, name: string): Op => ({ type: 'createPlace', placeId, name });
const archivePlace = (placeId: string): Op => ({ type: 'archivePlace', placeId });

for (const [kind, open] of DATABASES) {
  describe(`places on ${kind}`, () => {
    let db: SharedDatabase;
    let server: RunningServer;
    let manager: Api;
    let staff: Api;
    let ml: LeaseHandle;
    let sl: LeaseHandle;

    const places = async (since?: number) =>
      PlacesResponse.parse(
        ok(
          await manager.get(`/api/places${since === undefined ? '' : `?since=${since}`}`),
          'places',
        ),
      );
    const stockOf = async (itemId: string) =>
      Object.fromEntries(
        ((await staff.item(itemId)).stock ?? []).map((s) => [s.placeId, s.quantity]),
      );
    const newPlace = async (name: string) => {
      const placeId = freshItemId('place');
      const r = expectReceipt(await manager.postOp(ml.body(createPlace(placeId, name))), 201);
      expect(r).toMatchObject({ outcome: 'applied', itemId: null, placeId });
      return placeId;
    };

    beforeAll(async () => {
      db = await open();
      server = await startTestServer(db.env);
      manager = await signIn(server.url, 'manager');
      staff = await signIn(server.url, 'demo');
      ml = await manager.lease('office');
      sl = await staff.lease('floor');
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await db?.dispose();
    });

    it('every database has main, holding every item; any signed-in user reads the places', async () => {
      const list = PlacesResponse.parse(ok(await staff.get('/api/places'), 'places'));
      expect(list.places).toContainEqual({
        id: 'main',
        name: 'Main',
        archived: false,
        revision: 1,
      });
      const itemId = await manager.newItem(ml, 7);
      expect((await staff.item(itemId)).stock).toEqual([{ placeId: 'main', quantity: 7 }]);
      const demo = (await staff.items()).items;
      expect(demo.length).toBeGreaterThan(0);
      for (const item of demo) {
        expect(item.stock?.reduce((sum, s) => sum + s.quantity, 0)).toBe(item.quantity);
      }
    });

    it('creates places (managers only), once per id, and lists changes since a revision', async () => {
      const before = await places();
      const placeId = await newPlace('Back room');
      const after = await places(before.revision);
      expect(after.places).toEqual([
        { id: placeId, name: 'Back room', archived: false, revision: 1 },
      ]);
      expect(after.revision).toBeGreaterThan(before.revision);
      expect((await places(after.revision)).places).toEqual([]);
      const dup = await manager.postOp(ml.body(createPlace(placeId, 'Again')));
      expect(expectReceipt(dup, 201)).toMatchObject({
        outcome: 'rejected',
        reason: 'duplicate-place',
      });
      const byStaff = expectReceipt(await staff.postOp(sl.body(createPlace('van', 'Van'))), 201);
      expect(byStaff).toMatchObject({ outcome: 'rejected', reason: 'not-allowed', itemId: null });
      expect((await places()).places.map((p) => p.id)).not.toContain('van');
    });

    it('adjust and count at a place change that place and the total; unknown places are rejected', async () => {
      const back = await newPlace('Back room');
      const itemId = await manager.newItem(ml, 10);
      const received = await staff.postOp(sl.body({ ...adjust(itemId, 5), placeId: back }));
      expect(expectReceipt(received, 201)).toMatchObject({
        outcome: 'applied',
        delta: 5,
        resultingQuantity: 15,
      });
      expect(await stockOf(itemId)).toEqual({ main: 10, [back]: 5 });
      // Negative is judged at the place: 5 in the back room cannot sell 6 there.
      const tooMany = await staff.postOp(sl.body({ ...adjust(itemId, -6), placeId: back }));
      expect(expectReceipt(tooMany, 201)).toMatchObject({
        outcome: 'review',
        reason: 'would-go-negative',
      });
      const { revision } = await staff.item(itemId);
      const counted = await staff.postOp(sl.body({ ...count(itemId, 2, revision), placeId: back }));
      expect(expectReceipt(counted, 201)).toMatchObject({
        outcome: 'applied',
        delta: -3,
        resultingQuantity: 12,
      });
      expect(await stockOf(itemId)).toEqual({ main: 10, [back]: 2 });
      const nowhere = await staff.postOp(sl.body({ ...adjust(itemId, 1), placeId: 'nowhere' }));
      expect(expectReceipt(nowhere, 201)).toMatchObject({
        outcome: 'rejected',
        reason: 'unknown-place',
      });
      const history = await staff.history(itemId);
      expect(history[0]).toMatchObject({
        type: 'count',
        placeId: back,
        placeQuantity: 2,
        resultingQuantity: 12,
      });
      expect(history.at(-1)).toMatchObject({
        type: 'createItem',
        placeId: 'main',
        placeQuantity: 10,
      });
    });

    it('a transfer moves both sides in one operation: two history entries, one receipt, replayed byte for byte', async () => {
      const back = await newPlace('Back room');
      const itemId = await manager.newItem(ml, 10);
      const body = sl.body(transfer(itemId, 'main', back, 4, { note: 'for the shelf' }));
      const first = await staff.postOp(body);
      const receipt = expectReceipt(first, 201);
      expect(receipt).toMatchObject({
        outcome: 'applied',
        itemId,
        delta: 0,
        resultingQuantity: 10,
      });
      expect(JSON.parse(first.text)).not.toHaveProperty('placeId');
      const again = await staff.postOp(body);
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(await stockOf(itemId)).toEqual({ main: 6, [back]: 4 });
      const entries = (await staff.history(itemId)).filter((e) => e.operationId === body.id);
      expect(entries).toEqual([
        expect.objectContaining({
          type: 'transfer',
          reason: 'transfer',
          delta: 4,
          placeId: back,
          placeQuantity: 4,
          resultingQuantity: 10,
          note: 'for the shelf',
          revision: receipt.itemRevision,
        }),
        expect.objectContaining({
          type: 'transfer',
          reason: 'transfer',
          delta: -4,
          placeId: 'main',
          placeQuantity: 6,
          resultingQuantity: 10,
          revision: receipt.itemRevision,
        }),
      ]);
    });

    it('a transfer through a lost reply and a failure before commit is applied exactly once', async () => {
      const back = await newPlace('Back room');
      const itemId = await manager.newItem(ml, 10);
      const failed = sl.body(transfer(itemId, 'main', back, 3));
      await manager.fault({ fault: 'fail-before-commit', match: { operationId: failed.id } });
      const crashed = await staff.tryPostOp(failed);
      expect(crashed.kind).not.toBe('reply');
      expect(await stockOf(itemId)).toEqual({ main: 10 });
      await manager.fault({ fault: 'drop-response', match: { operationId: failed.id } });
      expect((await staff.tryPostOp(failed)).kind).not.toBe('reply');
      expect(await stockOf(itemId)).toEqual({ main: 7, [back]: 3 });
      expect(expectReceipt(await staff.postOp(failed), 200)).toMatchObject({ outcome: 'applied' });
      // Concurrent duplicates of one transfer: one effect.
      const twice = sl.body(transfer(itemId, 'main', back, 2));
      const replies = await Promise.all(Array.from({ length: 6 }, () => staff.postOp(twice)));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(replies.map((r) => r.text)).size).toBe(1);
      expect(await stockOf(itemId)).toEqual({ main: 5, [back]: 5 });
      expect(await staff.effects(itemId, twice.id)).toBe(2);
      expect(await staff.effects(itemId, failed.id)).toBe(2);
    });

    it("refuses the same place twice (400, toPlaceId); sends a source below 0 to review; allowNegative is a manager's", async () => {
      const back = await newPlace('Back room');
      const itemId = await manager.newItem(ml, 2);
      expectFieldError(
        await staff.postOp(sl.body(transfer(itemId, back, back, 1))),
        'op.toPlaceId',
      );
      const short = await staff.postOp(sl.body(transfer(itemId, 'main', back, 3)));
      expect(expectReceipt(short, 201)).toMatchObject({
        outcome: 'review',
        reason: 'would-go-negative',
        delta: 0,
      });
      const staffForce = await staff.postOp(
        sl.body(transfer(itemId, 'main', back, 3, { allowNegative: true })),
      );
      expect(expectReceipt(staffForce, 201)).toMatchObject({
        outcome: 'rejected',
        reason: 'not-allowed',
      });
      const managerForce = await manager.postOp(
        ml.body(transfer(itemId, 'main', back, 3, { allowNegative: true })),
      );
      expect(expectReceipt(managerForce, 201)).toMatchObject({ outcome: 'applied' });
      expect(await stockOf(itemId)).toEqual({ main: -1, [back]: 3 });
    });

    it('renames with stale-edit; archives only an empty place, never main; an archived place takes no stock', async () => {
      const back = await newPlace('Back room');
      const rename = (basedOnRevision: number, name: string): Op => ({
        type: 'updatePlace',
        placeId: back,
        basedOnRevision,
        changes: { name },
      });
      expect(
        expectReceipt(await manager.postOp(ml.body(rename(1, 'Store room'))), 201),
      ).toMatchObject({ outcome: 'applied' });
      expect(expectReceipt(await manager.postOp(ml.body(rename(1, 'Cellar'))), 201)).toMatchObject({
        outcome: 'review',
        reason: 'stale-edit',
      });
      const itemId = await manager.newItem(ml, 3);
      expectReceipt(await staff.postOp(sl.body(transfer(itemId, 'main', back, 1))), 201);
      expect(expectReceipt(await manager.postOp(ml.body(archivePlace(back))), 201)).toMatchObject({
        outcome: 'rejected',
        reason: 'place-not-empty',
      });
      expect(expectReceipt(await manager.postOp(ml.body(archivePlace('main'))), 201)).toMatchObject(
        { outcome: 'rejected', reason: 'main-place' },
      );
      expectReceipt(await staff.postOp(sl.body(transfer(itemId, back, 'main', 1))), 201);
      expect(expectReceipt(await manager.postOp(ml.body(archivePlace(back))), 201)).toMatchObject({
        outcome: 'applied',
      });
      expect((await places()).places.find((p) => p.id === back)).toEqual({
        id: back,
        name: 'Store room',
        archived: true,
        revision: 3,
      });
      const into = await staff.postOp(sl.body({ ...adjust(itemId, 1), placeId: back }));
      expect(expectReceipt(into, 201)).toMatchObject({
        outcome: 'rejected',
        reason: 'archived-place',
      });
      const mainRename: Op = {
        type: 'updatePlace',
        placeId: 'main',
        basedOnRevision: 1,
        changes: { name: 'Shop floor' },
      };
      expect(expectReceipt(await manager.postOp(ml.body(mainRename)), 201)).toMatchObject({
        outcome: 'applied',
      });
      expect((await places()).places.find((p) => p.id === 'main')?.name).toBe('Shop floor');
      const staffRename: Op = {
        type: 'updatePlace',
        placeId: 'main',
        basedOnRevision: 2,
        changes: { name: 'X' },
      };
      expect(expectReceipt(await staff.postOp(sl.body(staffRename)), 201)).toMatchObject({
        reason: 'not-allowed',
      });
    });

    it('GET /api/stock.csv: one row per item and place with stock, with the place names', async () => {
      const van = await newPlace('=Van, blue');
      const itemId = await manager.newItem(ml, 5);
      expectReceipt(await staff.postOp(sl.body(transfer(itemId, 'main', van, 5))), 201);
      const other = await manager.newItem(ml, 2);
      expectReceipt(await staff.postOp(sl.body(transfer(other, 'main', van, 1))), 201);
      const reply = await staff.get('/api/stock.csv');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
      const rows = parseCsv(reply.text);
      expect(rows[0]).toEqual(['itemId', 'sku', 'name', 'placeId', 'placeName', 'quantity']);
      const mainName = (await places()).places.find((p) => p.id === 'main')?.name ?? '';
      const mine = rows.filter((r) => r[0] === itemId || r[0] === other);
      expect(mine).toEqual(
        [
          [itemId, `SKU-${itemId}`, `Test item ${itemId}`, van, "'=Van, blue", '5'],
          [other, `SKU-${other}`, `Test item ${other}`, 'main', mainName, '1'],
          [other, `SKU-${other}`, `Test item ${other}`, van, "'=Van, blue", '1'],
        ].sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0)),
      );
    });
  });
}
