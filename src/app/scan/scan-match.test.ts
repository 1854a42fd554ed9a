import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../client/facade';
import { matchScan } from './scan-match';

const item = (id: string, sku: string, barcode: string | null, archived = false): ItemView => ({
  id,
  name: id,
  sku,
  location: 'A1',
  quantity: 1,
  revision: 1,
  updatedAt: '2026-11-29T17:00:00.000Z',
  barcode,
  lowStockThreshold: null,
  archived,
  pendingDelta: 0,
});

const items = [
  item('lamp', 'LMP-014', '2000014000148'),
  item('upc', 'UPC-1', '0036000291452'),
  item('old', 'OLD-1', '4006381333931', true),
  item('twin-a', 'TWN-1', null),
  item('twin-b', 'twn 1', null),
];

describe('what a scanned code means', () => {
  it('one item with that barcode: that item', () => {
    expect(matchScan(items, '2000014000148')).toEqual({ kind: 'one', item: items[0] });
    expect(matchScan(items, ' 2000014000148\n')).toMatchObject({ item: { id: 'lamp' } });
  });

  it('a UPC-A read as 12 digits finds the item stored with its EAN-13 form', () => {
    expect(matchScan(items, '036000291452')).toMatchObject({ kind: 'one', item: { id: 'upc' } });
  });

  it('no barcode: a SKU label (Code 128, QR) finds the item, without case, spaces or dashes', () => {
    expect(matchScan(items, 'lmp014')).toMatchObject({ kind: 'one', item: { id: 'lamp' } });
  });

  it('no item: the code, trimmed, for "New item with this barcode"', () => {
    expect(matchScan(items, ' 5901234123457 ')).toEqual({ kind: 'none', code: '5901234123457' });
    expect(matchScan(items, '')).toEqual({ kind: 'none', code: '' });
  });

  it('archived items never match', () => {
    expect(matchScan(items, '4006381333931')).toEqual({ kind: 'none', code: '4006381333931' });
  });

  it('several items answer to the code: the person picks from the list', () => {
    expect(matchScan(items, 'TWN-1')).toEqual({ kind: 'many', code: 'TWN-1' });
  });

  it('a different check digit is a different product', () => {
    expect(matchScan(items, '2000014000149')).toEqual({ kind: 'none', code: '2000014000149' });
  });
});
