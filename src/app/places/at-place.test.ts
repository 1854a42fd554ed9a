import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../client/facade';
import { isLowStock } from '../low-stock';
import { itemsAtPlace } from './at-place';

const item = (id: string, more: Partial<ItemView>): ItemView => ({
  id,
  sku: id.toUpperCase(),
  name: id,
  location: 'A1',
  quantity: 10,
  revision: 1,
  updatedAt: '2026-12-02T10:00:00.000Z',
  barcode: null,
  lowStockThreshold: 3,
  archived: false,
  pendingDelta: 0,
  ...more,
});

describe('the Items list at a place', () => {
  const lamp = item('lamp', {
    quantity: 10,
    stock: [
      { placeId: 'back', quantity: 2 },
      { placeId: 'main', quantity: 8 },
    ],
    pendingDelta: -1,
    pendingByPlace: { main: -1 },
  });
  const bolt = item('bolt', { quantity: 5, stock: [{ placeId: 'main', quantity: 5 }] });
  const old = item('old', { quantity: 4 });

  it('All places: totals, every item', () => {
    expect(itemsAtPlace([lamp, bolt, old], 'all')).toEqual([lamp, bolt, old]);
  });

  it('one place: only the items there, with that place quantity and pending change', () => {
    const back = itemsAtPlace([lamp, bolt, old], 'back');
    expect(back.map((i) => [i.id, i.quantity, i.pendingDelta])).toEqual([['lamp', 2, 0]]);
    const main = itemsAtPlace([lamp, bolt, old], 'main');
    expect(main.map((i) => [i.id, i.quantity, i.pendingDelta])).toEqual([
      ['lamp', 8, -1],
      ['bolt', 5, 0],
      ['old', 4, 0],
    ]);
  });

  it('low stock means the chosen place: 2 in the back room is low, 9 in total is not', () => {
    expect(isLowStock(lamp)).toBe(false);
    expect(isLowStock(itemsAtPlace([lamp], 'back')[0]!)).toBe(true);
  });

  it('a pending transfer into a new place lists the item there', () => {
    const moving = { ...bolt, pendingByPlace: { main: -2, van: 2 } };
    expect(itemsAtPlace([moving], 'van').map((i) => [i.quantity, i.pendingDelta])).toEqual([
      [0, 2],
    ]);
  });
});
