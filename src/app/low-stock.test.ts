import { describe, expect, it } from 'vitest';
import type { ItemView } from '../client/facade';
import { isLowStock, reorderCsv, reorderList } from './low-stock';

const item = (over: Partial<ItemView>): ItemView => ({
  id: 'mug-1',
  sku: 'MUG-1',
  name: 'Mug',
  location: 'A',
  quantity: 10,
  revision: 1,
  updatedAt: '2026-11-29T17:00:00.000Z',
  barcode: null,
  lowStockThreshold: 5,
  archived: false,
  pendingDelta: 0,
  ...over,
});

describe('low stock', () => {
  it('counts confirmed plus pending, at or below the threshold', () => {
    expect(isLowStock(item({ quantity: 6 }))).toBe(false);
    expect(isLowStock(item({ quantity: 5 }))).toBe(true);
    expect(isLowStock(item({ quantity: 8, pendingDelta: -3 }))).toBe(true);
    expect(isLowStock(item({ quantity: 2, pendingDelta: 4 }))).toBe(false);
    expect(isLowStock(item({ quantity: 0, lowStockThreshold: null }))).toBe(false);
    expect(isLowStock(item({ quantity: 0, lowStockThreshold: 0 }))).toBe(true);
  });

  it('lists low items emptiest first, without archived ones', () => {
    const list = reorderList([
      item({ id: 'a', name: 'A', quantity: 4 }),
      item({ id: 'b', name: 'B', quantity: 0 }),
      item({ id: 'c', name: 'C', quantity: 9 }),
      item({ id: 'd', name: 'D', quantity: 0, archived: true }),
      item({ id: 'e', name: 'E', quantity: 2, lowStockThreshold: 2 }),
    ]);
    expect(list.map((i) => i.id)).toEqual(['b', 'a', 'e']);
  });
});

describe('CSV', () => {
  it('writes the reorder list with a header row', () => {
    const csv = reorderCsv([
      item({ name: 'Mug, blue', quantity: 3, pendingDelta: -1 }),
      item({ id: 'x', sku: '=HYPERLINK("x")', quantity: 0 }),
    ]);
    expect(csv).toBe(
      'id,sku,barcode,name,location,quantity,pending,expected,lowStockThreshold\r\n' +
        'mug-1,MUG-1,,"Mug, blue",A,3,-1,2,5\r\n' +
        `x,"'=HYPERLINK(""x"")",,Mug,A,0,0,0,5\r\n`,
    );
  });
});
