/**
 * Stock-takes through HTTP, on both stores (docs/http-api.md "Stock-takes"): start, count lines
 * from several people, the review, the apply rule (people add up, a recount replaces one's own,
 * changes after the revision a counter saw are kept), applying exactly once, blind counts that
 * the server keeps from staff, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StocktakeDetail, StocktakesResponse, type Op } from '../../src/protocol/schemas';
import { DATABASES, type SharedDatabase } from '../multi/support/databases';
import { ok, signIn, type Api } from './support/api';
import { adjust, type LeaseHandle } from './support/ops';
import { expectReceipt } from './support/problem';
import { startTestServer, type RunningServer } from './support/server';

let serial = 0;
const freshStocktakeId = () => `take-${++serial}`;

for (const [kind, open] of DATABASES) {
  describe(`stock-takes on ${kind}`, () => {
    let db: SharedDatabase;
    let server: RunningServer;
    let manager: Api;
    let staff: Api;
    let managerLease: LeaseHandle;
    let staffLease: LeaseHandle;

    beforeAll(async () => {
      db = await open();
      server = await startTestServer(db.env);
      manager = await signIn(server.url, 'manager');
      staff = await signIn(server.url, 'demo');
      managerLease = await manager.lease('office');
      staffLease = await staff.lease('floor');
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await db?.dispose();
    });

    const send = async (api: Api, lease: LeaseHandle, op: Op, status: 200 | 201 = 201) =>
      expectReceipt(await api.postOp(lease.body(op)), status);
    const start = (itemIds: string[] | undefined, blind = false, name = 'Back room') => {
      const stocktakeId = freshStocktakeId();
      const op: Op = { type: 'startStocktake', stocktakeId, name, placeId: 'main', blind };
      return { stocktakeId, op: itemIds ? { ...op, itemIds } : op };
    };
    const countOp = (
      stocktakeId: string,
      itemId: string,
      counted: number,
      basedOnRevision: number,
    ): Op => ({ type: 'stocktakeCount', stocktakeId, itemId, counted, basedOnRevision });
    const detail = async (api: Api, id: string) =>
      StocktakeDetail.parse(ok(await api.get(`/api/stocktakes/${id}`), 'stock-take'));

    it('adds up different people, replaces a recount, keeps a later sale, and applies once', async () => {
      const lamp = await manager.newItem(managerLease, 10, 'lamp');
      const vase = await manager.newItem(managerLease, 7, 'vase');
      const cup = await manager.newItem(managerLease, 3, 'cup');
      const seen = (await manager.item(lamp)).revision;
      const { stocktakeId, op } = start([lamp, vase, cup]);
      expect(await send(manager, managerLease, op)).toMatchObject({
        outcome: 'applied',
        itemId: null,
        delta: 0,
        resultingQuantity: null,
      });

      // Staff count the front shelf, the manager the top shelf, of the same lamp.
      await send(staff, staffLease, countOp(stocktakeId, lamp, 4, seen));
      await send(manager, managerLease, countOp(stocktakeId, lamp, 5, seen));
      // Two lamps sold while counting; then staff recount their shelf (theirs is replaced).
      await send(staff, staffLease, adjust(lamp, -2));
      const recount = await send(staff, staffLease, countOp(stocktakeId, lamp, 3, seen));
      expect(recount).toMatchObject({ outcome: 'applied', itemId: lamp, delta: 0 });
      expect(recount.resultingQuantity).toBeNull();
      await send(
        staff,
        staffLease,
        countOp(stocktakeId, vase, 7, (await staff.item(vase)).revision),
      );
      // Counting changes no stock.
      expect((await manager.item(lamp)).quantity).toBe(8);

      const listed = StocktakesResponse.parse(ok(await staff.get('/api/stocktakes'), 'list'));
      expect(listed.stocktakes.find((s) => s.id === stocktakeId)).toMatchObject({
        name: 'Back room',
        placeId: 'main',
        blind: false,
        status: 'open',
        startedBy: 'manager',
        scope: 3,
        counted: 2,
      });
      const before = await detail(manager, stocktakeId);
      expect(before.lines.map((l) => [l.userName, l.itemId, l.counted])).toEqual([
        ['demo', lamp, 4],
        ['manager', lamp, 5],
        ['demo', lamp, 3],
        ['demo', vase, 7],
      ]);
      expect(before.review.find((r) => r.itemId === lamp)).toEqual({
        itemId: lamp,
        counted: 8,
        changesSince: -2,
        current: 8,
        proposed: 6,
      });
      expect(before.review.find((r) => r.itemId === cup)).toEqual({
        itemId: cup,
        counted: null,
        changesSince: 0,
        current: 3,
        proposed: 3,
      });

      const applyBody = managerLease.body({
        type: 'applyStocktake',
        stocktakeId,
        uncounted: 'zero',
      });
      const applied = await manager.postOp(applyBody);
      expect(expectReceipt(applied, 201)).toMatchObject({ outcome: 'applied', itemId: null });
      // The same operation again is a replay of the same bytes, never a second apply.
      const replay = await manager.postOp(applyBody);
      expect(replay.status).toBe(200);
      expect(replay.text).toBe(applied.text);

      expect((await manager.item(lamp)).quantity).toBe(6);
      expect((await manager.item(vase)).quantity).toBe(7);
      expect((await manager.item(cup)).quantity).toBe(0);
      const [entry] = await manager.history(lamp);
      expect(entry).toMatchObject({
        operationId: applyBody.id,
        type: 'applyStocktake',
        delta: -2,
        resultingQuantity: 6,
        reason: 'stocktake',
        note: 'Stock-take "Back room"',
      });
      // One entry per item that changed: none for the vase, whose count matched.
      expect(await manager.effects(vase, applyBody.id)).toBe(0);
      expect(await manager.effects(cup, applyBody.id)).toBe(1);
      expect((await detail(manager, stocktakeId)).status).toBe('applied');

      // Applying twice is impossible, and so is counting afterwards.
      const again = { type: 'applyStocktake', stocktakeId, uncounted: 'leave' } as const;
      expect(await send(manager, managerLease, again)).toMatchObject({
        outcome: 'rejected',
        reason: 'stocktake-closed',
      });
      expect(await send(staff, staffLease, countOp(stocktakeId, lamp, 1, 0))).toMatchObject({
        outcome: 'rejected',
        reason: 'stocktake-closed',
      });
      expect((await manager.item(lamp)).quantity).toBe(6);
    });

    it('applies once through a lost reply and a failure before commit', async () => {
      const lens = await manager.newItem(managerLease, 4, 'lens');
      const { stocktakeId, op } = start([lens]);
      await send(manager, managerLease, op);
      await send(
        staff,
        staffLease,
        countOp(stocktakeId, lens, 9, (await staff.item(lens)).revision),
      );
      const body = managerLease.body({ type: 'applyStocktake', stocktakeId, uncounted: 'leave' });
      await manager.fault({ fault: 'fail-before-commit', match: { operationId: body.id } });
      expect((await manager.tryPostOp(body)).kind).toBe('dropped');
      expect((await manager.item(lens)).quantity).toBe(4);
      await manager.fault({ fault: 'drop-response', match: { operationId: body.id } });
      expect((await manager.tryPostOp(body)).kind).toBe('dropped');
      const resent = await manager.postOp(body);
      expect(expectReceipt(resent, 200)).toMatchObject({ outcome: 'applied' });
      expect((await manager.item(lens)).quantity).toBe(9);
      expect(await manager.effects(lens, body.id)).toBe(1);
    });

    it('counts one place: only changes at that place are kept, other places stay as they are', async () => {
      const cup = await manager.newItem(managerLease, 10, 'cup');
      const place = `back-room-${++serial}`;
      await send(manager, managerLease, { type: 'createPlace', placeId: place, name: place });
      await send(manager, managerLease, {
        type: 'transfer',
        itemId: cup,
        fromPlaceId: 'main',
        toPlaceId: place,
        quantity: 6,
      });
      const seen = (await staff.item(cup)).revision;
      const { stocktakeId, op } = start([cup]);
      await send(manager, managerLease, { ...op, placeId: place } as Op);
      await send(staff, staffLease, countOp(stocktakeId, cup, 5, seen));
      // A sale in the back room after the count is kept; one on the shop floor is not its business.
      await send(staff, staffLease, { ...adjust(cup, -1), placeId: place });
      await send(staff, staffLease, adjust(cup, -3));
      expect((await detail(manager, stocktakeId)).review).toEqual([
        { itemId: cup, counted: 5, changesSince: -1, current: 5, proposed: 4 },
      ]);
      await send(manager, managerLease, {
        type: 'applyStocktake',
        stocktakeId,
        uncounted: 'leave',
      });
      const after = await manager.item(cup);
      expect(after.quantity).toBe(5);
      expect(after.stock).toEqual(
        expect.arrayContaining([
          { placeId: 'main', quantity: 1 },
          { placeId: place, quantity: 4 },
        ]),
      );
      expect((await manager.history(cup))[0]).toMatchObject({
        reason: 'stocktake',
        delta: -1,
        placeId: place,
        placeQuantity: 4,
      });
    });

    it('keeps a sale recorded before an offline count reached the server', async () => {
      const mug = await manager.newItem(managerLease, 12, 'mug');
      const seen = (await staff.item(mug)).revision;
      const { stocktakeId, op } = start([mug]);
      await send(manager, managerLease, op);
      // The phone counted 12 offline; meanwhile the till sold 5; then the count arrives.
      await send(manager, managerLease, adjust(mug, -5));
      await send(staff, staffLease, countOp(stocktakeId, mug, 12, seen));
      await send(manager, managerLease, {
        type: 'applyStocktake',
        stocktakeId,
        uncounted: 'leave',
      });
      expect((await manager.item(mug)).quantity).toBe(7);
      // Nothing to change: no history entry of the apply.
      expect((await manager.history(mug))[0]?.reason).toBe('sold');
    });

    it('hides expected quantities of a blind count from staff, not from managers', async () => {
      const box = await manager.newItem(managerLease, 9, 'box');
      const { stocktakeId, op } = start([box], true);
      await send(manager, managerLease, op);
      await send(staff, staffLease, countOp(stocktakeId, box, 4, (await staff.item(box)).revision));
      const forStaff = await staff.get(`/api/stocktakes/${stocktakeId}`);
      expect(forStaff.text).not.toContain('"current"');
      expect(forStaff.text).not.toContain('"proposed"');
      expect(StocktakeDetail.parse(forStaff.body).review).toEqual([{ itemId: box, counted: 4 }]);
      expect((await detail(manager, stocktakeId)).review).toEqual([
        { itemId: box, counted: 4, changesSince: 0, current: 9, proposed: 4 },
      ]);
    });

    it('scopes every item not archived when none are listed, and cancels with nothing applied', async () => {
      const jug = await manager.newItem(managerLease, 2, 'jug');
      const { stocktakeId, op } = start(undefined);
      await send(manager, managerLease, op);
      const scope = (await detail(manager, stocktakeId)).review.map((r) => r.itemId);
      expect(scope).toContain(jug);
      expect(scope.length).toBe((await manager.items()).items.length);
      await send(staff, staffLease, countOp(stocktakeId, jug, 40, 0));
      await send(manager, managerLease, { type: 'cancelStocktake', stocktakeId });
      expect((await detail(staff, stocktakeId)).status).toBe('cancelled');
      expect((await manager.item(jug)).quantity).toBe(2);
      const later = await manager.newItem(managerLease, 1, 'later');
      expect((await detail(manager, stocktakeId)).review.map((r) => r.itemId)).not.toContain(later);
    });

    it('refuses what the spec refuses, as stored verdicts', async () => {
      const pen = await manager.newItem(managerLease, 5, 'pen');
      const other = await manager.newItem(managerLease, 5, 'other');
      const { stocktakeId, op } = start([pen]);
      const refused = async (api: Api, lease: LeaseHandle, o: Op, reason: string) =>
        expect(await send(api, lease, o)).toMatchObject({ outcome: 'rejected', reason });

      await refused(staff, staffLease, op, 'not-allowed');
      await send(manager, managerLease, op);
      await refused(manager, managerLease, op, 'duplicate-stocktake');
      await refused(staff, staffLease, countOp(stocktakeId, other, 1, 0), 'not-in-stocktake');
      await refused(staff, staffLease, countOp('no-such-take', pen, 1, 0), 'unknown-stocktake');
      await refused(staff, staffLease, { type: 'cancelStocktake', stocktakeId }, 'not-allowed');
      await refused(
        staff,
        staffLease,
        { type: 'applyStocktake', stocktakeId, uncounted: 'leave' },
        'not-allowed',
      );
      const elsewhere = { ...start([pen]).op, placeId: 'van' } as Op;
      await refused(manager, managerLease, elsewhere, 'unknown-place');
      await refused(manager, managerLease, start([pen, 'no-such-item']).op, 'unknown-item');
      expect((await detail(manager, stocktakeId)).status).toBe('open');
    });

    it('answers 400 for a bad shape, 404 for an unknown stock-take, 401 without a token', async () => {
      const bad = await manager.postOp(
        managerLease.body({
          type: 'stocktakeCount',
          stocktakeId: 'x',
          itemId: 'y',
          counted: -1,
          basedOnRevision: 0,
        } as Op),
      );
      expect(bad.status).toBe(400);
      expect((bad.body as { code: string }).code).toBe('invalid-request');
      const empty = await manager.postOp(managerLease.body({ ...start([]).op } as Op));
      expect(empty.status).toBe(400);
      const missing = await staff.get('/api/stocktakes/no-such-take');
      expect(missing.status).toBe(404);
      expect((missing.body as { code: string }).code).toBe('not-found');
      const anonymous = await new (staff.constructor as typeof Api)(
        server.url,
        'nope',
        staff.user,
      ).get('/api/stocktakes');
      expect(anonymous.status).toBe(401);
    });
  });
}
