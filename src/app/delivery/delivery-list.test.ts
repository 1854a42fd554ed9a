import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../client/facade';
import {
  addCode,
  changeLine,
  keepDelivery,
  loadDelivery,
  savable,
  type DeliveryList,
} from './delivery-list';

const item = (id: string, barcode: string): ItemView => ({
  id,
  sku: id.toUpperCase(),
  name: id,
  location: 'A1',
  quantity: 1,
  revision: 1,
  updatedAt: '2026-12-02T10:00:00.000Z',
  barcode,
  lowStockThreshold: null,
  archived: false,
  pendingDelta: 0,
});
const items = [item('lamp', '2000014000148'), item('bolt', '2000021000124')];

describe('the delivery list', () => {
  it('each code read adds one of its item; unknown codes are listed, never dropped', () => {
    let list: DeliveryList = [];
    for (const code of [
      '2000014000148',
      '2000014000148',
      '4006381333931',
      '2000021000124',
      '4006381333931',
    ])
      list = addCode(list, items, code);
    expect(list).toEqual([
      { itemId: 'lamp', code: '2000014000148', quantity: 2 },
      { itemId: null, code: '4006381333931', quantity: 2 },
      { itemId: 'bolt', code: '2000021000124', quantity: 1 },
    ]);
    expect(savable(list)).toEqual([
      { itemId: 'lamp', quantity: 2 },
      { itemId: 'bolt', quantity: 1 },
    ]);
  });

  it('−/+ per line; a line at 0 leaves the list', () => {
    const list = addCode([], items, 'LAMP');
    expect(changeLine(list, 0, 1)[0]?.quantity).toBe(2);
    expect(changeLine(list, 0, -1)).toEqual([]);
  });

  it('survives a reload through storage; a damaged entry reads as nothing', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const list = addCode(addCode([], items, '2000014000148'), items, 'nope-1');
    keepDelivery(storage, list);
    expect(loadDelivery(storage)).toEqual(list);
    store.set('stockroom:delivery', '[{"itemId":1},{"itemId":null,"code":"x","quantity":2}]');
    expect(loadDelivery(storage)).toEqual([{ itemId: null, code: 'x', quantity: 2 }]);
    store.set('stockroom:delivery', '{');
    expect(loadDelivery(storage)).toEqual([]);
    keepDelivery(storage, []);
    expect(store.size).toBe(0);
  });
});
