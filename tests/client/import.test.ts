/**
 * Item import from a spreadsheet against the real server: ~300 rows imported offline are
 * all queued on the device, each applied exactly once when the network returns, and importing the
 * same file again (or the server's own export of the result) queues nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockroomClientCore } from '../../src/client/client';
import { csvRow } from '../../src/protocol/csv';
import type { CreateItemOp, UpdateItemOp } from '../../src/protocol/schemas';
import { formatCount } from '../../src/app/format';
import { en } from '../../src/app/i18n/en';
import { isUnderway } from '../../src/app/operation-groups';
import { planImport, plannedOps, type ImportCatalogue } from '../../src/app/import/item-import';
import { signedIn, startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** What the import screen gives the plan: the device's items and its catalogue changes underway. */
function catalogueOf(c: StockroomClientCore): ImportCatalogue {
  const { items, operations } = c.getSnapshot();
  const pending = operations
    .filter(isUnderway)
    .map((o) => o.op)
    .filter(
      (op): op is CreateItemOp | UpdateItemOp =>
        op.type === 'createItem' || op.type === 'updateItem',
    );
  return { items, pending };
}

function planOf(c: StockroomClientCore, text: string) {
  const plan = planImport(text, catalogueOf(c), {
    words: en.import,
    wholeNumber: en.wholeNumber,
    count: formatCount,
  });
  if (!plan.ok) throw new Error(plan.message);
  return plan;
}

async function serverCsv(): Promise<string> {
  const res = await fetch(`${h.server.url}/api/items.csv`, {
    headers: { authorization: `Bearer ${h.tester.token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe('item import through the outbox', () => {
  it('300 rows imported offline: all queued, each applied once online; the same file again changes nothing', async () => {
    const c = await signedIn(h, {}, 'manager');
    const lamp = c.getSnapshot().items.find((i) => i.id === 'lamp-14');
    if (!lamp) throw new Error('no demo lamp');
    const header = ['id', 'sku', 'barcode', 'name', 'location', 'quantity', 'lowStockThreshold'];
    const rows = Array.from({ length: 298 }, (_, n) => [
      `imp-${n}`,
      `IMP-${n}`,
      null,
      n % 7 === 0 ? `=Formula-looking ${n}` : `Imported item ${n}, "quoted"`,
      `Z${n % 10}`,
      n,
      n % 3 === 0 ? 5 : null,
    ]);
    // One existing item renamed (quantity in the file ignored), one row without a name.
    rows.push([lamp.id, lamp.sku, lamp.barcode, 'Desk lamp (imported)', lamp.location, 9999, null]);
    rows.push(['imp-bad', 'IMP-BAD', null, '', 'Z1', 1, null]);
    const file = `\uFEFF${[header, ...rows].map(csvRow).join('')}`;

    h.network.set(false);
    const plan = planOf(c, file);
    expect(plan.counts).toEqual({ new: 298, changed: 1, unchanged: 0, error: 1 });
    const ops = plannedOps(plan.rows);
    const saved = await c.importItems(ops);
    await c.whenIdle();
    expect(saved.ids).toHaveLength(299);
    expect(new Set(saved.ids).size).toBe(299);
    const queued = c.getSnapshot().operations.filter((o) => saved.ids.includes(o.id));
    expect(queued.map((o) => o.state)).toEqual(Array(299).fill('queued'));
    // Imported again while still queued: this device's pending changes count, nothing new.
    expect(plannedOps(planOf(c, file).rows)).toEqual([]);

    h.network.set(true);
    await c.syncNow({ newRound: true });
    await c.whenIdle();
    const after = c.getSnapshot();
    const states = after.operations.filter((o) => saved.ids.includes(o.id)).map((o) => o.state);
    expect(states).toEqual(Array(299).fill('confirmed'));

    // Exactly once on the server: one journal entry per created item, the rename applied once.
    const items = await h.server.store.catalogue(null, 1000);
    const imported = items.filter((i) => i.id.startsWith('imp-'));
    expect(imported).toHaveLength(298);
    expect(imported.find((i) => i.id === 'imp-7')).toMatchObject({
      name: '=Formula-looking 7',
      quantity: 7,
      lowStockThreshold: null,
    });
    for (const id of ['imp-0', 'imp-150', 'imp-297']) {
      const history = await h.server.store.history(id, 10, null);
      expect(history?.entries).toHaveLength(1);
    }
    expect(items.find((i) => i.id === 'lamp-14')).toMatchObject({
      name: 'Desk lamp (imported)',
      quantity: lamp.quantity,
      revision: lamp.revision + 1,
    });

    await c.refreshItems();
    expect(planOf(c, file).counts).toMatchObject({ new: 0, changed: 0, unchanged: 299 });
    // The server's own export of the result, imported as it is: nothing to do either.
    const exported = planOf(c, await serverCsv());
    expect(exported.counts).toMatchObject({ new: 0, changed: 0, error: 0 });
  });

  it('is refused as a whole, nothing saved, when the device has no lease room for all rows', async () => {
    const c = await signedIn(h, {}, 'manager');
    const lease = c.getSnapshot().lease;
    if (!lease) throw new Error('no lease');
    const room = lease.size - lease.used;
    const ops: CreateItemOp[] = Array.from({ length: room + 1 }, (_, n) => ({
      type: 'createItem',
      itemId: `room-${n}`,
      sku: `ROOM-${n}`,
      name: `Room ${n}`,
      location: 'A1',
      initialQuantity: 0,
    }));
    const before = c.getSnapshot().operations.length;
    await expect(c.importItems(ops)).rejects.toMatchObject({ kind: 'no-lease' });
    expect(c.getSnapshot().operations).toHaveLength(before);
  });
});
