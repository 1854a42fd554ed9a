import { describe, expect, it } from 'vitest';
import { claimedCodes, decide, type Facts } from './decide';
import type { ItemState } from './item-state';

const lamp: ItemState = {
  id: 'lamp-14',
  sku: 'LMP-014',
  name: 'Lamp',
  location: 'A1',
  quantity: 12,
  revision: 7,
  barcode: null,
  lowStockThreshold: null,
  archived: false,
  fieldRevisions: {},
  stock: { main: 12 },
};
/** A manager, with the SKU and barcode the operation sets held by nobody. */
const free: Facts = { role: 'manager', skuOwner: null, barcodeOwner: null, places: {} };
const staff: Facts = { ...free, role: 'staff' };

describe('decide', () => {
  it('applies an adjustment and moves the revision', () => {
    const v = decide({ type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' }, lamp, free);
    expect(v).toEqual({
      outcome: 'applied',
      delta: -2,
      item: { ...lamp, quantity: 10, revision: 8, stock: { main: 10 } },
      created: false,
      edits: [],
    });
  });

  it('sends an adjustment below zero to review unless allowed', () => {
    const op = { type: 'adjust', itemId: 'lamp-14', delta: -13, reason: 'sold' } as const;
    expect(decide(op, lamp, free)).toEqual({
      outcome: 'review',
      reason: 'would-go-negative',
      item: lamp,
    });
    expect(decide({ ...op, allowNegative: true }, lamp, free)).toMatchObject({
      outcome: 'applied',
      item: { quantity: -1 },
    });
    expect(decide({ ...op, delta: -12 }, lamp, free)).toMatchObject({
      outcome: 'applied',
      item: { quantity: 0 },
    });
  });

  it('rejects operations on unknown items', () => {
    expect(
      decide({ type: 'adjust', itemId: 'x', delta: 1, reason: 'received' }, null, free),
    ).toEqual({
      outcome: 'rejected',
      reason: 'unknown-item',
      item: null,
    });
    expect(
      decide({ type: 'count', itemId: 'x', quantity: 1, basedOnRevision: 0 }, null, free),
    ).toMatchObject({
      outcome: 'rejected',
      reason: 'unknown-item',
    });
  });

  it('applies a count based on the current revision, and reviews a stale one', () => {
    const count = { type: 'count', itemId: 'lamp-14', quantity: 9, basedOnRevision: 7 } as const;
    expect(decide(count, lamp, free)).toMatchObject({
      outcome: 'applied',
      delta: -3,
      item: { quantity: 9, revision: 8 },
    });
    expect(decide({ ...count, basedOnRevision: 6 }, lamp, free)).toEqual({
      outcome: 'review',
      reason: 'stale-count',
      item: lamp,
    });
  });

  it('creates an item once, and refuses a taken id or SKU', () => {
    const create = {
      type: 'createItem',
      itemId: 'new-1',
      sku: 'NEW-1',
      name: 'New',
      location: 'B1',
      initialQuantity: 5,
    } as const;
    expect(decide(create, null, free)).toMatchObject({
      outcome: 'applied',
      delta: 5,
      created: true,
      item: { revision: 1 },
    });
    expect(decide(create, null, { ...free, skuOwner: 'other' })).toEqual({
      outcome: 'rejected',
      reason: 'duplicate-item',
      item: null,
    });
    expect(decide({ ...create, itemId: 'lamp-14' }, lamp, free)).toEqual({
      outcome: 'rejected',
      reason: 'duplicate-item',
      item: lamp,
    });
  });

  it('refuses what the role may not make as a stored verdict, before any other rule', () => {
    const create = {
      type: 'createItem',
      itemId: 'lamp-14',
      sku: 'X',
      name: 'X',
      location: 'A',
      initialQuantity: 1,
    } as const;
    const update = {
      type: 'updateItem',
      itemId: 'ghost',
      basedOnRevision: 0,
      changes: { name: 'Brass lamp' },
    } as const;
    const archive = { type: 'archiveItem', itemId: 'lamp-14' } as const;
    expect(decide(create, lamp, staff)).toEqual({
      outcome: 'rejected',
      reason: 'not-allowed',
      item: lamp,
    });
    expect(decide(update, null, staff)).toMatchObject({ reason: 'not-allowed', item: null });
    expect(decide(archive, lamp, staff)).toMatchObject({ reason: 'not-allowed' });
    const sell = { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' } as const;
    expect(decide(sell, lamp, staff)).toMatchObject({ outcome: 'applied' });
    const count = { type: 'count', itemId: 'lamp-14', quantity: 3, basedOnRevision: 7 } as const;
    expect(decide(count, lamp, staff)).toMatchObject({ outcome: 'applied' });
  });

  it("refuses allowNegative: true from staff, whatever the stock; false is anyone's", () => {
    const sell = (delta: number, allowNegative: boolean) =>
      ({ type: 'adjust', itemId: 'lamp-14', delta, reason: 'sold', allowNegative }) as const;
    expect(decide(sell(-20, true), lamp, staff)).toEqual({
      outcome: 'rejected',
      reason: 'not-allowed',
      item: lamp,
    });
    expect(decide(sell(-1, true), lamp, staff)).toMatchObject({ reason: 'not-allowed' });
    expect(decide(sell(-1, false), lamp, staff)).toMatchObject({ outcome: 'applied' });
    expect(decide(sell(-20, false), lamp, staff)).toMatchObject({ reason: 'would-go-negative' });
    expect(decide(sell(-20, true), lamp, free)).toMatchObject({ outcome: 'applied' });
  });

  it('creates an item with a barcode and threshold, and refuses a taken barcode', () => {
    const create = {
      type: 'createItem',
      itemId: 'new-2',
      sku: 'NEW-2',
      name: 'New',
      location: 'B1',
      initialQuantity: 0,
      barcode: '4006381333931',
      lowStockThreshold: 3,
    } as const;
    expect(decide(create, null, free)).toMatchObject({
      outcome: 'applied',
      item: { barcode: '4006381333931', lowStockThreshold: 3, archived: false },
    });
    expect(decide(create, null, { ...free, barcodeOwner: 'lamp-14' })).toMatchObject({
      outcome: 'rejected',
      reason: 'duplicate-item',
    });
  });

  it('applies an edit: new revision, the changed fields stamped with it, quantity untouched', () => {
    const update = {
      type: 'updateItem',
      itemId: 'lamp-14',
      basedOnRevision: 7,
      changes: { sku: 'LMP-015', name: 'Lamp', lowStockThreshold: 4 },
    } as const;
    expect(decide(update, lamp, free)).toEqual({
      outcome: 'applied',
      delta: 0,
      created: false,
      item: {
        ...lamp,
        sku: 'LMP-015',
        lowStockThreshold: 4,
        revision: 8,
        fieldRevisions: { sku: 8, lowStockThreshold: 8 },
      },
      // The name did not change, so it is no edit (and can never conflict).
      edits: [
        { field: 'sku', from: 'LMP-014', to: 'LMP-015' },
        { field: 'lowStockThreshold', from: null, to: 4 },
      ],
    });
    const cleared = { ...lamp, lowStockThreshold: 4 };
    expect(
      decide({ ...update, changes: { lowStockThreshold: null } }, cleared, free),
    ).toMatchObject({ outcome: 'applied', item: { lowStockThreshold: null } });
  });

  it('sends an edit to review only when a field it changes was changed after its revision', () => {
    // Someone changed the name at revision 6 and the shelf at revision 7.
    const edited = {
      ...lamp,
      name: 'Brass lamp',
      location: 'B2',
      fieldRevisions: { name: 6, location: 7 },
    };
    const edit = (basedOnRevision: number, changes: Record<string, string>) =>
      decide({ type: 'updateItem', itemId: 'lamp-14', basedOnRevision, changes }, edited, free);
    expect(edit(5, { name: 'Desk lamp' })).toEqual({
      outcome: 'review',
      reason: 'stale-edit',
      item: edited,
    });
    expect(edit(6, { name: 'Desk lamp' })).toMatchObject({ outcome: 'applied' });
    expect(edit(6, { location: 'C3' })).toMatchObject({ reason: 'stale-edit' });
    // Another field, or the value it already has: no conflict.
    expect(edit(5, { sku: 'LMP-99' })).toMatchObject({ outcome: 'applied' });
    expect(edit(5, { location: 'B2' })).toMatchObject({ outcome: 'applied' });
  });

  it('refuses an edit to a SKU or barcode another item holds; its own is fine', () => {
    const edit = (changes: Record<string, string>, facts: Partial<Facts>) =>
      decide({ type: 'updateItem', itemId: 'lamp-14', basedOnRevision: 7, changes }, lamp, {
        ...free,
        ...facts,
      });
    expect(edit({ sku: 'BLT-1' }, { skuOwner: 'bolt-1' })).toMatchObject({
      outcome: 'rejected',
      reason: 'duplicate-item',
    });
    expect(edit({ barcode: '12345670' }, { barcodeOwner: 'bolt-1' })).toMatchObject({
      reason: 'duplicate-item',
    });
    expect(edit({ sku: 'LMP-014' }, { skuOwner: 'lamp-14' })).toMatchObject({
      outcome: 'applied',
    });
  });

  it('archives once; an archived item refuses adjust, count, edit and archive', () => {
    const archive = { type: 'archiveItem', itemId: 'lamp-14' } as const;
    const v = decide(archive, lamp, free);
    expect(v).toEqual({
      outcome: 'applied',
      delta: 0,
      created: false,
      item: { ...lamp, archived: true, revision: 8 },
      edits: [],
    });
    const gone = { ...lamp, archived: true, revision: 8 };
    const ops = [
      archive,
      { type: 'adjust', itemId: 'lamp-14', delta: 1, reason: 'received' },
      { type: 'count', itemId: 'lamp-14', quantity: 1, basedOnRevision: 8 },
      { type: 'updateItem', itemId: 'lamp-14', basedOnRevision: 8, changes: { name: 'X' } },
    ] as const;
    for (const op of ops) {
      expect(decide(op, gone, free)).toEqual({
        outcome: 'rejected',
        reason: 'archived-item',
        item: gone,
      });
    }
    expect(decide(archive, null, free)).toMatchObject({ reason: 'unknown-item' });
  });
});

describe('decide, at the edges', () => {
  it('names the SKU and barcode each type would set, so the adapter looks up their holders', () => {
    expect(
      claimedCodes({
        type: 'createItem',
        itemId: 'lamp-15',
        sku: 'LMP-015',
        name: 'Lamp',
        location: 'A1',
        initialQuantity: 0,
        barcode: '12345670',
      }),
    ).toEqual({ sku: 'LMP-015', barcode: '12345670' });
    expect(
      claimedCodes({
        type: 'createItem',
        itemId: 'lamp-15',
        sku: 'LMP-015',
        name: 'Lamp',
        location: 'A1',
        initialQuantity: 0,
      }),
    ).toEqual({ sku: 'LMP-015', barcode: null });
    expect(
      claimedCodes({
        type: 'updateItem',
        itemId: 'lamp-14',
        basedOnRevision: 7,
        changes: { sku: 'LMP-99', barcode: '12345670' },
      }),
    ).toEqual({ sku: 'LMP-99', barcode: '12345670' });
    expect(
      claimedCodes({
        type: 'updateItem',
        itemId: 'lamp-14',
        basedOnRevision: 7,
        changes: { name: 'Desk lamp' },
      }),
    ).toEqual({ sku: null, barcode: null });
    expect(
      claimedCodes({ type: 'adjust', itemId: 'lamp-14', delta: 1, reason: 'received' }),
    ).toEqual({ sku: null, barcode: null });
    expect(claimedCodes({ type: 'archiveItem', itemId: 'lamp-14' })).toEqual({
      sku: null,
      barcode: null,
    });
  });

  it('an edit keeps the revisions of the fields it did not change', () => {
    const edited = { ...lamp, fieldRevisions: { name: 6 } };
    const v = decide(
      { type: 'updateItem', itemId: 'lamp-14', basedOnRevision: 7, changes: { sku: 'LMP-99' } },
      edited,
      free,
    );
    expect(v).toMatchObject({
      outcome: 'applied',
      item: { sku: 'LMP-99', revision: 8, fieldRevisions: { name: 6, sku: 8 } },
    });
  });

  it('an edit is checked only against the holders of the codes it sets', () => {
    const v = decide(
      { type: 'updateItem', itemId: 'lamp-14', basedOnRevision: 7, changes: { name: 'Desk lamp' } },
      lamp,
      { ...free, skuOwner: 'bolt-1', barcodeOwner: 'bolt-1' },
    );
    expect(v).toMatchObject({ outcome: 'applied', item: { name: 'Desk lamp' } });
  });

  it('an edit or an archive of an unknown item is rejected as unknown', () => {
    expect(
      decide(
        { type: 'updateItem', itemId: 'nope', basedOnRevision: 1, changes: { name: 'x' } },
        null,
        free,
      ),
    ).toEqual({ outcome: 'rejected', reason: 'unknown-item', item: null });
    expect(decide({ type: 'archiveItem', itemId: 'nope' }, null, free)).toEqual({
      outcome: 'rejected',
      reason: 'unknown-item',
      item: null,
    });
  });
});
