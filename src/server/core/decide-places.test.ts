import { describe, expect, it } from 'vitest';
import { decide, type Facts } from './decide';
import { decidePlace } from './decide-place';
import type { ItemState } from './item-state';
import { placesToCheck, type PlaceState } from './place-state';
import { buildPlaceReceipt, buildReceipt, itemExportPayload, journalEntries } from './receipt';
import type { ItemOp } from '../../protocol/schemas';

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
  stock: { main: 10, back: 2 },
};
const back: PlaceState = { id: 'back', name: 'Back room', archived: false, revision: 1 };
const van: PlaceState = { id: 'van', name: 'Van', archived: true, revision: 2 };
const facts: Facts = {
  role: 'staff',
  skuOwner: null,
  barcodeOwner: null,
  places: { back, van },
};
const AT = Date.parse('2026-12-02T17:00:00.000Z');

const transfer = (quantity: number, more: Partial<Extract<ItemOp, { type: 'transfer' }>> = {}) =>
  ({
    type: 'transfer',
    itemId: 'lamp-14',
    fromPlaceId: 'main',
    toPlaceId: 'back',
    quantity,
    ...more,
  }) as const;

describe('stock at places', () => {
  it('an adjustment changes its place and the total; absent place is main', () => {
    const atBack = decide(
      { type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold', placeId: 'back' },
      lamp,
      facts,
    );
    expect(atBack).toMatchObject({
      outcome: 'applied',
      delta: -2,
      item: { quantity: 10, revision: 8, stock: { main: 10, back: 0 } },
    });
    const atMain = decide(
      { type: 'adjust', itemId: 'lamp-14', delta: 3, reason: 'received' },
      lamp,
      facts,
    );
    expect(atMain).toMatchObject({ item: { quantity: 15, stock: { main: 13, back: 2 } } });
  });

  it('judges going negative at the place the stock leaves, not the total', () => {
    const op = {
      type: 'adjust',
      itemId: 'lamp-14',
      delta: -3,
      reason: 'sold',
      placeId: 'back',
    } as const;
    expect(decide(op, lamp, facts)).toEqual({
      outcome: 'review',
      reason: 'would-go-negative',
      item: lamp,
    });
    expect(
      decide({ ...op, allowNegative: true }, lamp, { ...facts, role: 'manager' }),
    ).toMatchObject({
      outcome: 'applied',
      item: { quantity: 9, stock: { back: -1 } },
    });
  });

  it('a count sets its place only; the change is against that place', () => {
    const v = decide(
      { type: 'count', itemId: 'lamp-14', quantity: 5, basedOnRevision: 7, placeId: 'back' },
      lamp,
      facts,
    );
    expect(v).toMatchObject({
      outcome: 'applied',
      delta: 3,
      item: { quantity: 15, stock: { main: 10, back: 5 } },
    });
  });

  it('refuses an unknown or archived place before anything else about stock', () => {
    const at = (placeId: string) =>
      decide(
        { type: 'adjust', itemId: 'lamp-14', delta: -100, reason: 'sold', placeId },
        lamp,
        facts,
      );
    expect(at('nowhere')).toMatchObject({ outcome: 'rejected', reason: 'unknown-place' });
    expect(at('van')).toMatchObject({ outcome: 'rejected', reason: 'archived-place' });
    expect(decide(transfer(1, { toPlaceId: 'van' }), lamp, facts)).toMatchObject({
      reason: 'archived-place',
    });
    expect(decide(transfer(1, { fromPlaceId: 'nowhere' }), lamp, facts)).toMatchObject({
      reason: 'unknown-place',
    });
    expect(decide(transfer(1), null, facts)).toMatchObject({ reason: 'unknown-item' });
  });

  it('a transfer moves both sides at once, the total and its delta unchanged', () => {
    expect(decide(transfer(4), lamp, facts)).toEqual({
      outcome: 'applied',
      delta: 0,
      item: { ...lamp, revision: 8, stock: { main: 6, back: 6 } },
      created: false,
      edits: [],
    });
    // Into a place that never held the item: it gets an entry.
    const toNew = decide(
      transfer(2, { fromPlaceId: 'back', toPlaceId: 'main' }),
      { ...lamp, stock: { main: 12 }, quantity: 12 },
      facts,
    );
    expect(toNew).toMatchObject({ outcome: 'review', reason: 'would-go-negative' });
  });

  it('a transfer leaving its source below 0 is review; managers may allow it, staff may not', () => {
    expect(decide(transfer(11), lamp, facts)).toMatchObject({
      outcome: 'review',
      reason: 'would-go-negative',
    });
    expect(decide(transfer(11, { allowNegative: true }), lamp, facts)).toMatchObject({
      outcome: 'rejected',
      reason: 'not-allowed',
    });
    expect(
      decide(transfer(11, { allowNegative: true }), lamp, { ...facts, role: 'manager' }),
    ).toMatchObject({
      outcome: 'applied',
      item: { stock: { main: -1, back: 13 } },
    });
  });

  it('names the places to read, without main', () => {
    expect(placesToCheck(transfer(1))).toEqual(['back']);
    expect(placesToCheck({ type: 'adjust', itemId: 'x', delta: 1, reason: 'received' })).toEqual(
      [],
    );
    expect(
      placesToCheck({
        type: 'count',
        itemId: 'x',
        quantity: 1,
        basedOnRevision: 1,
        placeId: 'van',
      }),
    ).toEqual(['van']);
  });

  it('a transfer is two journal entries with one operation id, and one export effect', () => {
    const op = transfer(4, { note: 'for the weekend' });
    const v = decide(op, lamp, facts);
    if (v.outcome !== 'applied') throw new Error('expected applied');
    const entries = journalEntries('L1.0', op, v, AT);
    expect(entries).toEqual([
      expect.objectContaining({
        operationId: 'L1.0',
        reason: 'transfer',
        delta: -4,
        placeId: 'main',
        placeQuantity: 6,
        resultingQuantity: 12,
        note: 'for the weekend',
      }),
      expect.objectContaining({
        operationId: 'L1.0',
        reason: 'transfer',
        delta: 4,
        placeId: 'back',
        placeQuantity: 6,
        resultingQuantity: 12,
      }),
    ]);
    const receipt = buildReceipt('L1.0', op, v, AT);
    expect(receipt).toMatchObject({
      itemId: 'lamp-14',
      delta: 0,
      resultingQuantity: 12,
      itemRevision: 8,
    });
    expect(receipt).not.toHaveProperty('placeId');
    expect(JSON.parse(itemExportPayload(receipt, 'u1', op, v))).toMatchObject({
      effectId: 'L1.0',
      places: [
        { placeId: 'main', delta: -4, quantity: 6 },
        { placeId: 'back', delta: 4, quantity: 6 },
      ],
    });
  });
});

describe('the place catalogue', () => {
  const manager = { role: 'manager', holdsStock: false } as const;

  it('creates a place once; only managers', () => {
    const op = { type: 'createPlace', placeId: 'shop', name: 'Shop floor' } as const;
    expect(decidePlace(op, null, manager)).toEqual({
      outcome: 'applied',
      place: { id: 'shop', name: 'Shop floor', archived: false, revision: 1 },
      created: true,
    });
    expect(decidePlace(op, back, manager)).toMatchObject({
      outcome: 'rejected',
      reason: 'duplicate-place',
    });
    expect(decidePlace(op, null, { ...manager, role: 'staff' })).toMatchObject({
      outcome: 'rejected',
      reason: 'not-allowed',
    });
  });

  it('renames with stale-edit as for items', () => {
    const rename = (basedOnRevision: number, name: string) =>
      decidePlace(
        { type: 'updatePlace', placeId: 'back', basedOnRevision, changes: { name } },
        { ...back, revision: 3 },
        manager,
      );
    expect(rename(3, 'Store room')).toMatchObject({
      outcome: 'applied',
      place: { name: 'Store room', revision: 4 },
    });
    expect(rename(2, 'Store room')).toMatchObject({ outcome: 'review', reason: 'stale-edit' });
    expect(rename(2, 'Back room')).toMatchObject({ outcome: 'applied' });
    expect(
      decidePlace(
        { type: 'updatePlace', placeId: 'x', basedOnRevision: 1, changes: { name: 'X' } },
        null,
        manager,
      ),
    ).toMatchObject({
      reason: 'unknown-place',
    });
  });

  it('archives only an empty place that is not main', () => {
    const archive = (placeId: string) => ({ type: 'archivePlace', placeId }) as const;
    expect(decidePlace(archive('back'), back, manager)).toMatchObject({
      outcome: 'applied',
      place: { archived: true, revision: 2 },
    });
    expect(decidePlace(archive('back'), back, { ...manager, holdsStock: true })).toMatchObject({
      reason: 'place-not-empty',
    });
    const main = { id: 'main', name: 'Main', archived: false, revision: 1 };
    expect(decidePlace(archive('main'), main, manager)).toMatchObject({ reason: 'main-place' });
    expect(decidePlace(archive('van'), van, manager)).toMatchObject({ reason: 'archived-place' });
    expect(decidePlace(archive('x'), null, manager)).toMatchObject({ reason: 'unknown-place' });
  });

  it("a place operation's receipt has no item, names its place, and ends with compacted", () => {
    const op = { type: 'createPlace', placeId: 'shop', name: 'Shop floor' } as const;
    const r = buildPlaceReceipt('L1.1', op, decidePlace(op, null, manager), AT);
    expect(JSON.stringify(r)).toBe(
      '{"operationId":"L1.1","outcome":"applied","reason":null,"itemId":null,"placeId":"shop","delta":0,"resultingQuantity":null,"itemRevision":null,"recordedAt":"2026-12-02T17:00:00.000Z","compacted":false}',
    );
  });
});
