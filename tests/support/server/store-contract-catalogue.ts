/** The store contract, part 5: the catalogue (createItem's codes, updateItem, archiveItem) and roles. */
import { expect, it } from 'vitest';
import { HistoryResponse, ItemsResponse, Receipt, type Op } from '../../../src/protocol/schemas';
import { at, ALICE, T0, type ContractContext } from './store-contract-support';

const parse = (text: string) => Receipt.parse(JSON.parse(text));
const create = (itemId: string, sku: string, barcode?: string): Op => ({
  type: 'createItem',
  itemId,
  sku,
  name: `Item ${itemId}`,
  location: 'D4',
  initialQuantity: 5,
  ...(barcode === undefined ? {} : { barcode }),
});

export function registerCatalogueContract(ctx: ContractContext): void {
  it('creates an item with a barcode and threshold; a taken SKU or barcode is a duplicate', async () => {
    await ctx.seed();
    const { receipt } = await ctx.apply({
      ...create('tape-9', 'TP-9', '4006381333931'),
      lowStockThreshold: 2,
    } as Op);
    expect(parse(receipt)).toMatchObject({ outcome: 'applied', delta: 5, itemRevision: 1 });
    const { items } = ItemsResponse.parse(await ctx.store.listItems(null));
    expect(items.find((i) => i.id === 'tape-9')).toMatchObject({
      barcode: '4006381333931',
      lowStockThreshold: 2,
      archived: false,
    });
    for (const op of [create('tape-10', 'TP-9'), create('tape-11', 'TP-11', '4006381333931')]) {
      const { receipt: refused } = await ctx.apply(op);
      expect(parse(refused)).toMatchObject({
        outcome: 'rejected',
        reason: 'duplicate-item',
        resultingQuantity: null,
      });
    }
    expect((await ctx.store.catalogue(null, 100)).map((i) => i.id)).not.toContain('tape-10');
  });

  it('applies an edit: fields, revision, journal entry with the changes, export row', async () => {
    await ctx.seed();
    const r0 = (await ctx.store.listItems(null)).revision;
    const backlog = (await ctx.store.exportBacklog()).pending;
    const { request, receipt } = await ctx.apply(
      {
        type: 'updateItem',
        itemId: 'lamp-14',
        basedOnRevision: 1,
        changes: { sku: 'LMP-15', location: 'B2', barcode: '12345670', lowStockThreshold: 3 },
      },
      { at: T0 + 50 },
    );
    expect(parse(receipt)).toMatchObject({
      outcome: 'applied',
      reason: null,
      delta: 0,
      resultingQuantity: 12,
      itemRevision: 2,
    });
    const changed = ItemsResponse.parse(await ctx.store.listItems(r0));
    expect(changed.items).toEqual([
      {
        id: 'lamp-14',
        sku: 'LMP-15',
        name: 'Desk lamp',
        location: 'B2',
        quantity: 12,
        revision: 2,
        updatedAt: new Date(T0 + 50).toISOString(),
        barcode: '12345670',
        lowStockThreshold: 3,
        archived: false,
        stock: [{ placeId: 'main', quantity: 12 }],
      },
    ]);
    const history = HistoryResponse.parse(await ctx.store.history('lamp-14', 10, null));
    expect(history.entries[0]).toMatchObject({
      operationId: request.operationId,
      type: 'updateItem',
      delta: 0,
      resultingQuantity: 12,
      reason: 'edited',
      note: 'SKU: LMP-14 → LMP-15; Barcode: none → 12345670; Shelf: A1 → B2; Low-stock threshold: none → 3',
    });
    expect((await ctx.store.exportBacklog()).pending).toBe(backlog + 1);
    // The old SKU is free again; the new one is taken.
    expect(parse((await ctx.apply(create('lamp-2', 'LMP-14'))).receipt).outcome).toBe('applied');
    expect(parse((await ctx.apply(create('lamp-3', 'LMP-15'))).receipt).reason).toBe(
      'duplicate-item',
    );
  });

  it('sends an edit of a field changed since its revision to review (stored, replayed), not others', async () => {
    await ctx.seed();
    // Two people opened lamp-14 at revision 1; the first renames it.
    await ctx.apply({
      type: 'updateItem',
      itemId: 'lamp-14',
      basedOnRevision: 1,
      changes: { name: 'Brass lamp' },
    });
    await ctx.adjust('lamp-14', -1, T0 + 1); // a stock change moves the revision, no field
    const stale = await ctx.apply({
      type: 'updateItem',
      itemId: 'lamp-14',
      basedOnRevision: 1,
      changes: { name: 'Desk lamp, large' },
    });
    expect(parse(stale.receipt)).toMatchObject({
      outcome: 'review',
      reason: 'stale-edit',
      delta: 0,
      resultingQuantity: 11,
      itemRevision: 3,
    });
    const again = await ctx.store.apply([stale.request], at(T0 + 99));
    expect(again.results[0]).toMatchObject({
      kind: 'existing',
      record: { receipt: stale.receipt },
    });
    const other = await ctx.apply({
      type: 'updateItem',
      itemId: 'lamp-14',
      basedOnRevision: 1,
      changes: { location: 'C9' },
    });
    expect(parse(other.receipt)).toMatchObject({ outcome: 'applied', itemRevision: 4 });
    const { items } = await ctx.store.listItems(null);
    expect(items.find((i) => i.id === 'lamp-14')).toMatchObject({
      name: 'Brass lamp',
      location: 'C9',
    });
  });

  it('refuses an edit to a SKU or barcode another item holds, and to an unknown item', async () => {
    await ctx.seed();
    await ctx.apply({
      type: 'updateItem',
      itemId: 'bolt-1',
      basedOnRevision: 1,
      changes: { barcode: 'BOLT 1' },
    });
    const cases: [Op, Partial<Receipt>][] = [
      [
        { type: 'updateItem', itemId: 'lamp-14', basedOnRevision: 1, changes: { sku: 'NUT-2' } },
        { outcome: 'rejected', reason: 'duplicate-item', resultingQuantity: 12, itemRevision: 1 },
      ],
      [
        {
          type: 'updateItem',
          itemId: 'lamp-14',
          basedOnRevision: 1,
          changes: { barcode: 'BOLT 1' },
        },
        { outcome: 'rejected', reason: 'duplicate-item' },
      ],
      [
        { type: 'updateItem', itemId: 'ghost', basedOnRevision: 1, changes: { name: 'X' } },
        { outcome: 'rejected', reason: 'unknown-item', resultingQuantity: null },
      ],
      [
        { type: 'updateItem', itemId: 'lamp-14', basedOnRevision: 1, changes: { sku: 'LMP-14' } },
        { outcome: 'applied', itemRevision: 2 },
      ],
    ];
    for (const [op, expected] of cases) {
      expect(parse((await ctx.apply(op)).receipt)).toMatchObject(expected);
    }
  });

  it('archives: gone from the full list, kept in ?since, catalogue and history; stock changes refused', async () => {
    await ctx.seed();
    const r0 = (await ctx.store.listItems(null)).revision;
    const { receipt } = await ctx.apply({ type: 'archiveItem', itemId: 'nut-2' }, { at: T0 + 5 });
    expect(parse(receipt)).toMatchObject({
      outcome: 'applied',
      delta: 0,
      resultingQuantity: 50,
      itemRevision: 2,
    });
    const all = await ctx.store.listItems(null);
    expect(all.items.map((i) => i.id).sort()).toEqual(['bolt-1', 'lamp-14']);
    const since = await ctx.store.listItems(r0);
    expect(since.items).toMatchObject([{ id: 'nut-2', archived: true, revision: 2 }]);
    expect((await ctx.store.catalogue(null, 10)).map((i) => [i.id, i.archived])).toEqual([
      ['bolt-1', false],
      ['lamp-14', false],
      ['nut-2', true],
    ]);
    expect((await ctx.store.history('nut-2', 10, null))?.entries[0]).toMatchObject({
      type: 'archiveItem',
      reason: 'archived',
      delta: 0,
      resultingQuantity: 50,
    });
    const refused: Op[] = [
      { type: 'adjust', itemId: 'nut-2', delta: 1, reason: 'received' },
      { type: 'count', itemId: 'nut-2', quantity: 3, basedOnRevision: 2 },
      { type: 'archiveItem', itemId: 'nut-2' },
    ];
    for (const op of refused) {
      expect(parse((await ctx.apply(op)).receipt)).toMatchObject({
        outcome: 'rejected',
        reason: 'archived-item',
        resultingQuantity: 50,
        itemRevision: 2,
      });
    }
    // Its SKU stays taken: history and CSV keep naming one item.
    expect(parse((await ctx.apply(create('nut-3', 'NUT-2'))).receipt).reason).toBe(
      'duplicate-item',
    );
  });

  it('stores a not-allowed verdict for a type the role may not make, replayed like any other', async () => {
    await ctx.seed();
    const backlog = (await ctx.store.exportBacklog()).pending;
    const op = create('tape-9', 'TP-9');
    const { request, receipt } = await ctx.apply(op, { role: 'staff' });
    expect(parse(receipt)).toMatchObject({
      outcome: 'rejected',
      reason: 'not-allowed',
      delta: 0,
      resultingQuantity: null,
      itemRevision: null,
    });
    const replay = await ctx.store.apply([request], at(T0 + 10));
    expect(replay.results[0]).toMatchObject({
      kind: 'existing',
      record: { userId: ALICE.id, receipt },
    });
    expect((await ctx.store.catalogue(null, 10)).map((i) => i.id)).not.toContain('tape-9');
    expect((await ctx.store.exportBacklog()).pending).toBe(backlog);
    for (const other of [
      { type: 'updateItem', itemId: 'lamp-14', basedOnRevision: 1, changes: { name: 'X' } },
      { type: 'archiveItem', itemId: 'lamp-14' },
    ] as const) {
      expect(parse((await ctx.apply(other, { role: 'staff' })).receipt)).toMatchObject({
        reason: 'not-allowed',
        resultingQuantity: 12,
        itemRevision: 1,
      });
    }
    const sold = await ctx.apply(
      { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
      { role: 'staff' },
    );
    expect(parse(sold.receipt).outcome).toBe('applied');
  });

  it('pages the catalogue by id, archived items included', async () => {
    await ctx.seed();
    const first = await ctx.store.catalogue(null, 2);
    expect(first.map((i) => i.id)).toEqual(['bolt-1', 'lamp-14']);
    const rest = await ctx.store.catalogue(first[1]?.id ?? null, 2);
    expect(rest.map((i) => i.id)).toEqual(['nut-2']);
    expect(await ctx.store.catalogue('nut-2', 2)).toEqual([]);
  });

  it('seeds items with a barcode and threshold (demo data), which a create cannot reuse', async () => {
    await ctx.store.seedItems(
      [
        {
          id: 'lamp-15',
          sku: 'LMP-015',
          name: 'Floor lamp',
          location: 'A1',
          quantity: 4,
          barcode: '2000015000154',
          lowStockThreshold: 5,
        },
      ],
      T0,
    );
    expect((await ctx.store.catalogue(null, 10))[0]).toMatchObject({
      id: 'lamp-15',
      barcode: '2000015000154',
      lowStockThreshold: 5,
      archived: false,
      revision: 1,
    });
    const { receipt } = await ctx.apply(create('lamp-16', 'LMP-016', '2000015000154'));
    expect(parse(receipt).reason).toBe('duplicate-item');
  });
}
