/**
 * docs/api.md#roles: the server decides every role. What a staff member's
 * role may not make (a manager's type, or `allowNegative: true`) is a stored verdict `rejected`,
 * reason `not-allowed`, replayed like any other; on both stores, through HTTP, with the demo staff
 * user `demo` and the demo manager `manager`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchResponse, type Op } from '../../src/protocol/schemas';
import { DATABASES, type SharedDatabase } from '../multi/support/databases';
import { signIn, type Api } from './support/api';
import { adjust, count, createItem, freshItemId, type LeaseHandle } from './support/ops';
import { expectReceipt } from './support/problem';
import { startTestServer, type RunningServer } from './support/server';

for (const [kind, open] of DATABASES) {
  describe(`roles on ${kind}`, () => {
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

    it('staff sending allowNegative: true → 201 rejected not-allowed, stored and replayed; stock unchanged', async () => {
      const itemId = await manager.newItem(managerLease, 3);
      const body = staffLease.body(adjust(itemId, -5, { allowNegative: true }));
      const first = await staff.postOp(body);
      expect(expectReceipt(first, 201)).toMatchObject({
        outcome: 'rejected',
        reason: 'not-allowed',
        delta: 0,
        resultingQuantity: 3,
      });
      const again = await staff.postOp(body);
      expectReceipt(again, 200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
      expect((await staff.item(itemId)).quantity).toBe(3);
      // Even a change that would not go below zero: the flag itself is a manager's.
      const small = staffLease.body(adjust(itemId, -1, { allowNegative: true }));
      expect(expectReceipt(await staff.postOp(small), 201)).toMatchObject({
        reason: 'not-allowed',
      });
      // In a batch, the same verdict as the single endpoint.
      const batch = await staff.batch([
        staffLease.body(adjust(itemId, -4, { allowNegative: true })),
      ]);
      expect(BatchResponse.parse(batch.body).results[0]).toMatchObject({
        status: 201,
        receipt: { outcome: 'rejected', reason: 'not-allowed' },
      });
      expect((await staff.item(itemId)).quantity).toBe(3);
    });

    it('staff may send allowNegative: false, adjust and count; a manager may allow negative', async () => {
      const itemId = await manager.newItem(managerLease, 3);
      const plain = staffLease.body(adjust(itemId, -1, { allowNegative: false }));
      expect(expectReceipt(await staff.postOp(plain), 201).outcome).toBe('applied');
      const negative = staffLease.body(adjust(itemId, -5));
      expect(expectReceipt(await staff.postOp(negative), 201)).toMatchObject({
        outcome: 'review',
        reason: 'would-go-negative',
      });
      const { revision } = await staff.item(itemId);
      const counted = staffLease.body(count(itemId, 2, revision));
      expect(expectReceipt(await staff.postOp(counted), 201).outcome).toBe('applied');
      const allowed = managerLease.body(adjust(itemId, -5, { allowNegative: true }));
      expect(expectReceipt(await manager.postOp(allowed), 201)).toMatchObject({
        outcome: 'applied',
        resultingQuantity: -3,
      });
    });

    it("staff making a manager's type (createItem, updateItem, archiveItem) → not-allowed; nothing changes", async () => {
      const itemId = await manager.newItem(managerLease, 7);
      const ops: Op[] = [
        createItem(freshItemId('staff')),
        { type: 'updateItem', itemId, basedOnRevision: 1, changes: { name: 'Renamed' } },
        { type: 'archiveItem', itemId },
      ];
      for (const op of ops) {
        expect(expectReceipt(await staff.postOp(staffLease.body(op)), 201)).toMatchObject({
          outcome: 'rejected',
          reason: 'not-allowed',
        });
      }
      expect(await staff.item(itemId)).toMatchObject({ quantity: 7, archived: false, revision: 1 });
    });
  });
}
