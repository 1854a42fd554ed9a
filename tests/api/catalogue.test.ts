/**
 * docs/api.md#operations (createItem's codes, updateItem, archiveItem) and "Roles": black-box,
 * through HTTP, with the demo staff user `demo` and the demo manager `manager`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchResponse, type Op } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { adjust, count, createItem, freshItemId } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';

let server: RunningServer;
let manager: Api;
let staff: Api;
let managerLease: LeaseHandle;
let staffLease: LeaseHandle;

beforeAll(async () => {
  server = await startTestServer();
  manager = await signIn(server.url, 'manager');
  staff = await signIn(server.url, 'demo');
  managerLease = await manager.lease('office');
  staffLease = await staff.lease('floor');
}, 60_000);

afterAll(async () => {
  await server.close();
});

const update = (itemId: string, basedOnRevision: number, changes: Record<string, unknown>) =>
  ({ type: 'updateItem', itemId, basedOnRevision, changes }) as Op;
const archive = (itemId: string): Op => ({ type: 'archiveItem', itemId });

describe('roles', () => {
  it('staff creating an item: 201 rejected not-allowed, stored, replayed byte for byte; no item', async () => {
    const itemId = freshItemId('staff');
    const body = staffLease.body(createItem(itemId, 5));
    const first = await staff.postOp(body);
    expect(expectReceipt(first, 201)).toMatchObject({
      outcome: 'rejected',
      reason: 'not-allowed',
      delta: 0,
      resultingQuantity: null,
      itemRevision: null,
    });
    const again = await staff.postOp(body);
    expectReceipt(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect((await manager.items()).items.map((i) => i.id)).not.toContain(itemId);
  });

  it('staff may adjust and count; not edit or archive', async () => {
    const itemId = await manager.newItem(managerLease, 10);
    expect(
      expectReceipt(await staff.postOp(staffLease.body(adjust(itemId, -1))), 201).outcome,
    ).toBe('applied');
    const { revision } = await staff.item(itemId);
    expect(
      expectReceipt(await staff.postOp(staffLease.body(count(itemId, 4, revision))), 201).outcome,
    ).toBe('applied');
    for (const op of [update(itemId, 1, { name: 'Renamed' }), archive(itemId)]) {
      expect(expectReceipt(await staff.postOp(staffLease.body(op)), 201)).toMatchObject({
        outcome: 'rejected',
        reason: 'not-allowed',
        resultingQuantity: 4,
      });
    }
    expect(await staff.item(itemId)).toMatchObject({ archived: false, quantity: 4 });
  });

  it('GET /api/diagnostics stays manager-only', async () => {
    expectProblem(await staff.get('/api/diagnostics'), 'forbidden');
    expect((await manager.get('/api/diagnostics')).status).toBe(200);
  });
});

describe('createItem with barcode and low-stock threshold', () => {
  it('items carry barcode, lowStockThreshold and archived', async () => {
    const itemId = freshItemId('scan');
    const op = { ...createItem(itemId, 3), barcode: '4006381333931', lowStockThreshold: 5 };
    expect(expectReceipt(await manager.postOp(managerLease.body(op)), 201).outcome).toBe('applied');
    expect(await staff.item(itemId)).toMatchObject({
      barcode: '4006381333931',
      lowStockThreshold: 5,
      archived: false,
      quantity: 3,
      revision: 1,
    });
    // The barcode is taken now.
    const again = { ...createItem(freshItemId('scan'), 1), barcode: '4006381333931' };
    expect(expectReceipt(await manager.postOp(managerLease.body(again)), 201)).toMatchObject({
      outcome: 'rejected',
      reason: 'duplicate-item',
    });
  });

  it('refuses a barcode or threshold of the wrong shape with 400 and stores nothing', async () => {
    const bad: Record<string, unknown>[] = [
      { barcode: '' },
      { barcode: 'x'.repeat(65) },
      { barcode: 'ÄBC-1' },
      { barcode: ' 123' },
      { barcode: 12345678 },
      { lowStockThreshold: -1 },
      { lowStockThreshold: 1.5 },
      { lowStockThreshold: null },
    ];
    for (const extra of bad) {
      const itemId = freshItemId('bad');
      const problem = expectProblem(
        await manager.postOp(managerLease.body({ ...createItem(itemId, 1), ...extra } as Op)),
        'invalid-request',
      );
      expect(problem.errors?.length, JSON.stringify(extra)).toBeGreaterThan(0);
    }
    expect(
      expectReceipt(
        await manager.postOp(
          managerLease.body({ ...createItem(freshItemId('c128'), 1), barcode: 'ABC-123 x/9' }),
        ),
        201,
      ).outcome,
    ).toBe('applied');
  });
});

describe('updateItem', () => {
  it('edits fields; the item keeps its quantity and moves its revision; history says what changed', async () => {
    const itemId = await manager.newItem(managerLease, 7);
    const body = managerLease.body(
      update(itemId, 1, { name: 'Brass lamp', location: 'B2', lowStockThreshold: 2 }),
    );
    const receipt = expectReceipt(await manager.postOp(body), 201);
    expect(receipt).toMatchObject({
      outcome: 'applied',
      reason: null,
      delta: 0,
      resultingQuantity: 7,
      itemRevision: 2,
    });
    expect(await staff.item(itemId)).toMatchObject({
      name: 'Brass lamp',
      location: 'B2',
      lowStockThreshold: 2,
      quantity: 7,
      revision: 2,
    });
    const [latest] = await staff.history(itemId);
    expect(latest).toMatchObject({
      operationId: body.id,
      type: 'updateItem',
      reason: 'edited',
      delta: 0,
      resultingQuantity: 7,
      note: `Name: Test item ${itemId} → Brass lamp; Shelf: Shelf A → B2; Low-stock threshold: none → 2`,
    });
    // Clearing the threshold.
    expect(
      expectReceipt(
        await manager.postOp(managerLease.body(update(itemId, 2, { lowStockThreshold: null }))),
        201,
      ).outcome,
    ).toBe('applied');
    expect((await staff.item(itemId)).lowStockThreshold).toBeNull();
  });

  it('two managers edit at once: the same field → review stale-edit; another field applies', async () => {
    const itemId = await manager.newItem(managerLease, 1);
    const other = await signIn(server.url, 'manager');
    const otherLease = await other.lease('second-phone');
    // Both opened the item at revision 1, offline.
    const mine = managerLease.body(update(itemId, 1, { sku: 'SKU-MINE' }));
    const theirs = otherLease.body(update(itemId, 1, { sku: 'SKU-THEIRS' }));
    const shelf = otherLease.body(update(itemId, 1, { location: 'Back room' }));
    expect(expectReceipt(await manager.postOp(mine), 201).outcome).toBe('applied');
    const stale = await other.postOp(theirs);
    expect(expectReceipt(stale, 201)).toMatchObject({
      outcome: 'review',
      reason: 'stale-edit',
      resultingQuantity: 1,
      itemRevision: 2,
    });
    expect((await other.postOp(theirs)).text).toBe(stale.text);
    expect(expectReceipt(await other.postOp(shelf), 201).outcome).toBe('applied');
    expect(await staff.item(itemId)).toMatchObject({ sku: 'SKU-MINE', location: 'Back room' });
  });

  it("an SKU or barcode another item holds → rejected duplicate-item; the item's own is fine", async () => {
    const a = await manager.newItem(managerLease, 1);
    const b = await manager.newItem(managerLease, 1);
    await manager.postOp(managerLease.body(update(b, 1, { barcode: '96385074' })));
    const cases: [Record<string, unknown>, string][] = [
      [{ sku: `SKU-${b}` }, 'rejected'],
      [{ barcode: '96385074' }, 'rejected'],
      [{ sku: `SKU-${a}`, name: 'Same SKU' }, 'applied'],
    ];
    for (const [changes, outcome] of cases) {
      const receipt = expectReceipt(
        await manager.postOp(managerLease.body(update(a, 1, changes))),
        201,
      );
      expect(receipt.outcome, JSON.stringify(changes)).toBe(outcome);
      if (outcome === 'rejected') expect(receipt.reason).toBe('duplicate-item');
    }
  });

  it('refuses edits of the wrong shape with 400: no changes, unknown fields, bad values', async () => {
    const itemId = await manager.newItem(managerLease, 1);
    const bad: unknown[] = [
      { type: 'updateItem', itemId, basedOnRevision: 1, changes: {} },
      { type: 'updateItem', itemId, basedOnRevision: 1 },
      { type: 'updateItem', itemId, changes: { name: 'X' } },
      { type: 'updateItem', itemId, basedOnRevision: -1, changes: { name: 'X' } },
      { type: 'updateItem', itemId, basedOnRevision: 1, changes: { quantity: 5 } },
      { type: 'updateItem', itemId, basedOnRevision: 1, changes: { name: '' } },
      { type: 'updateItem', itemId, basedOnRevision: 1, changes: { sku: 'S'.repeat(65) } },
      { type: 'updateItem', itemId, basedOnRevision: 1, changes: { barcode: null } },
      { type: 'updateItem', itemId, basedOnRevision: 1, changes: { lowStockThreshold: -2 } },
      { type: 'archiveItem', itemId, reason: 'gone' },
      { type: 'archiveItem' },
    ];
    for (const op of bad) {
      expectProblem(
        await manager.postOp({ id: managerLease.nextId(), lease: managerLease.token, op }),
        'invalid-request',
      );
    }
    expect(await staff.history(itemId)).toHaveLength(1);
  });
});

describe('archiveItem', () => {
  it('leaves the list (not ?since), stays in history; adjust and count → rejected archived-item', async () => {
    const itemId = await manager.newItem(managerLease, 6);
    const { revision } = await staff.items();
    const body = managerLease.body(archive(itemId));
    expect(expectReceipt(await manager.postOp(body), 201)).toMatchObject({
      outcome: 'applied',
      delta: 0,
      resultingQuantity: 6,
      itemRevision: 2,
    });
    expect((await staff.items()).items.map((i) => i.id)).not.toContain(itemId);
    expect((await staff.items(revision)).items).toMatchObject([{ id: itemId, archived: true }]);
    expect((await staff.history(itemId))[0]).toMatchObject({
      operationId: body.id,
      type: 'archiveItem',
      reason: 'archived',
    });
    for (const op of [adjust(itemId, 1), count(itemId, 6, 2), archive(itemId)]) {
      const api = op.type === 'archiveItem' ? manager : staff;
      const lease = op.type === 'archiveItem' ? managerLease : staffLease;
      expect(expectReceipt(await api.postOp(lease.body(op)), 201)).toMatchObject({
        outcome: 'rejected',
        reason: 'archived-item',
        resultingQuantity: 6,
      });
    }
  });

  it('works in a batch after the create and edit of the same item, in order', async () => {
    const itemId = freshItemId('batch');
    const reply = await manager.batch([
      managerLease.body(createItem(itemId, 2)),
      managerLease.body(update(itemId, 1, { name: 'Batch edit' })),
      managerLease.body(archive(itemId)),
      managerLease.body(adjust(itemId, 1)),
    ]);
    expect(reply.status).toBe(200);
    const { results } = BatchResponse.parse(reply.body);
    expect(results.map((r) => [r.status, r.receipt?.outcome, r.receipt?.reason])).toEqual([
      [201, 'applied', null],
      [201, 'applied', null],
      [201, 'applied', null],
      [201, 'rejected', 'archived-item'],
    ]);
  });
});
