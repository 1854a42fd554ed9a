import { describe, expect, it } from 'vitest';
import type { ItemView } from '../client/facade';
import { buildItemIndex, filterItems, shelvesOf } from './items-filter';

const item = (id: string, name: string, sku: string, location: string): ItemView => ({
  id,
  name,
  sku,
  location,
  quantity: 1,
  revision: 1,
  updatedAt: '2026-11-29T17:00:00.000Z',
  barcode: null,
  lowStockThreshold: null,
  archived: false,
  pendingDelta: 0,
});

const items = [
  item('lamp-10', 'Desk lamp 10', 'LMP-010', 'A'),
  item('lamp-9', 'Desk lamp 9', 'LMP-009', 'B'),
  item('mug-1', 'Blue mug', 'MUG-001', 'A'),
];

describe('items filter', () => {
  it('sorts by name with numbers in natural order', () => {
    expect(buildItemIndex(items).items.map((i) => i.id)).toEqual(['mug-1', 'lamp-9', 'lamp-10']);
  });

  it('finds by name, SKU or shelf, case-insensitively, all words required', () => {
    const index = buildItemIndex(items);
    expect(filterItems(index, 'LAMP', '').map((i) => i.id)).toEqual(['lamp-9', 'lamp-10']);
    expect(filterItems(index, 'mug-001', '').map((i) => i.id)).toEqual(['mug-1']);
    expect(filterItems(index, 'lamp 9', '').map((i) => i.id)).toEqual(['lamp-9']);
    expect(filterItems(index, '', 'A').map((i) => i.id)).toEqual(['mug-1', 'lamp-10']);
    expect(filterItems(index, 'nothing', '')).toEqual([]);
  });

  it('ignores case, spaces and dashes in SKUs', () => {
    const index = buildItemIndex(items);
    for (const q of ['lmp010', 'LMP 010', 'lmp-0-10', ' Lmp–010 ']) {
      expect(
        filterItems(index, q, '').map((i) => i.id),
        q,
      ).toEqual(['lamp-10']);
    }
  });

  it('finds a shelf as it is displayed ("Shelf A1")', () => {
    const index = buildItemIndex([...items, item('bin-1', 'Bin', 'BIN-1', 'A1')]);
    expect(filterItems(index, 'Shelf A1', '').map((i) => i.id)).toEqual(['bin-1']);
    expect(filterItems(index, 'shelf a', '').map((i) => i.id)).toEqual([
      'bin-1',
      'mug-1',
      'lamp-10',
    ]);
    expect(filterItems(index, 'shelf b', '').map((i) => i.id)).toEqual(['lamp-9']);
    expect(filterItems(index, 'lamp shelf A', '').map((i) => i.id)).toEqual(['lamp-10']);
    // A name with "shelf" in it is still found by its name.
    const bracket = buildItemIndex([item('br-1', 'Oak shelf bracket', 'OAK-1', 'D3')]);
    expect(filterItems(bracket, 'Oak shelf bracket', '').map((i) => i.id)).toEqual(['br-1']);
  });

  it('lists the shelves once each', () => {
    expect(shelvesOf(items)).toEqual(['A', 'B']);
  });
});
