import { describe, expect, it } from 'vitest';
import { ITEM_ID_PATTERN } from '../../protocol/schemas';
import {
  EMPTY_ITEM_FORM,
  changesOf,
  deriveItemId,
  detailsOf,
  formOf,
  readDetails,
  readNewItem,
  refusedCharacter,
} from './item-form';

const lamp = {
  id: 'lmp-010',
  name: 'Desk lamp',
  sku: 'LMP-010',
  barcode: '4006381333931',
  location: 'A1',
  lowStockThreshold: 3,
};
const catalogue = { items: [lamp] };

describe('the item id of a new item', () => {
  it('comes from the SKU, else the name, and always fits the pattern', () => {
    const none = new Set<string>();
    expect(deriveItemId('LMP-010 / B', 'x', none)).toBe('lmp-010-b');
    expect(deriveItemId('  ', 'Tea towel (blue)', none)).toBe('tea-towel-blue');
    expect(deriveItemId('ÄÖÜ-1', '', none)).toBe('aou-1');
    expect(deriveItemId('???', '!!!', none)).toBe('item');
    const long = deriveItemId('x'.repeat(100), '', none);
    expect(long).toHaveLength(64);
    for (const id of [long, deriveItemId('-a-', '', none)]) expect(id).toMatch(ITEM_ID_PATTERN);
  });

  it('is unique among the items the device knows', () => {
    expect(deriveItemId('LMP-010', '', new Set(['lmp-010', 'lmp-010-2']))).toBe('lmp-010-3');
    const long = 'y'.repeat(64);
    const id = deriveItemId(long, '', new Set([long]));
    expect(id).toBe(`${'y'.repeat(62)}-2`);
    expect(id).toMatch(ITEM_ID_PATTERN);
  });
});

describe('New item', () => {
  const form = {
    ...EMPTY_ITEM_FORM,
    name: ' Tea towel ',
    sku: 'TT-1',
    location: 'B2',
    initialQuantity: '12',
    lowStockThreshold: '4',
    barcode: '5012345678900',
  };

  it('reads a complete form into a createItem', () => {
    expect(readNewItem(form, catalogue)).toEqual({
      ok: true,
      value: {
        itemId: 'tt-1',
        name: 'Tea towel',
        sku: 'TT-1',
        location: 'B2',
        initialQuantity: 12,
        barcode: '5012345678900',
        lowStockThreshold: 4,
      },
    });
    const bare = readNewItem({ ...form, barcode: '', lowStockThreshold: '' }, catalogue);
    expect(bare.ok && bare.value).not.toHaveProperty('barcode');
    expect(bare.ok && bare.value).not.toHaveProperty('lowStockThreshold');
  });

  it('names every field that is wrong, and refuses "5abc" as a quantity', () => {
    const r = readNewItem(
      {
        ...EMPTY_ITEM_FORM,
        sku: 'LMP-010',
        barcode: '12ab\u0007',
        initialQuantity: '5abc',
        lowStockThreshold: '-1',
      },
      catalogue,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual([
      'barcode',
      'initialQuantity',
      'location',
      'lowStockThreshold',
      'name',
      'sku',
    ]);
    expect(r.errors.sku).toBe('Another item already has this SKU.');
    expect(r.errors.initialQuantity).toMatch(/^“5abc” is not a whole number/);
  });

  it('refuses a barcode another item has', () => {
    const r = readNewItem({ ...form, barcode: lamp.barcode }, catalogue);
    expect(r).toEqual({ ok: false, errors: { barcode: 'Another item already has this barcode.' } });
  });
});

describe('Edit item', () => {
  it('sends only the fields that changed', () => {
    const before = detailsOf(lamp);
    const values = { ...formOf(lamp), location: 'C3', lowStockThreshold: '' };
    const after = readDetails(values, catalogue, lamp.id);
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    expect(changesOf(before, after.value)).toEqual({
      ok: true,
      value: { location: 'C3', lowStockThreshold: null },
    });
  });

  it('says so when nothing changed, or when the barcode would be removed', () => {
    const before = detailsOf(lamp);
    const same = readDetails(formOf(lamp), catalogue, lamp.id);
    expect(same.ok && changesOf(before, same.value)).toEqual({
      ok: false,
      message: 'Nothing was changed.',
    });
    const cleared = readDetails({ ...formOf(lamp), barcode: '' }, catalogue, lamp.id);
    expect(cleared.ok && changesOf(before, cleared.value)).toMatchObject({ ok: false });
  });

  it('takes emoji with joiners, as the server’s text rule does, and names a refused character', () => {
    for (const name of ['Mug 👩‍💻', 'Family set 👨‍👩‍👧', 'میز‌کار', 'Flag 🏴󠁧󠁢󠁳󠁣󠁴󠁿']) {
      expect(refusedCharacter(name), name).toBeNull();
      const read = readDetails({ ...formOf(lamp), name }, { items: [] }, lamp.id);
      expect(read.ok, name).toBe(true);
    }
    expect(refusedCharacter('Lamp \u202Egnp.exe')).toBe('U+202E');
    const read = readDetails({ ...formOf(lamp), name: 'Lamp\u200B' }, { items: [] }, lamp.id);
    expect(read).toEqual({
      ok: false,
      errors: {
        name: 'The name contains U+200B, an invisible or control character that cannot be stored: remove it (retyping the text does).',
      },
    });
  });
});
