import { describe, expect, it } from 'vitest';
import { describeEdits } from './item-edit';

describe('describeEdits', () => {
  it('names each changed field as the forms do, with none for an empty value', () => {
    expect(
      describeEdits([
        { field: 'sku', from: 'LMP-14', to: 'LMP-15' },
        { field: 'location', from: 'A1', to: 'B2' },
        { field: 'lowStockThreshold', from: null, to: 4 },
        { field: 'barcode', from: '12345670', to: 'ABC-1' },
      ]),
    ).toBe(
      'SKU: LMP-14 → LMP-15; Shelf: A1 → B2; Low-stock threshold: none → 4; Barcode: 12345670 → ABC-1',
    );
    expect(describeEdits([])).toBe('No details changed');
  });
});
