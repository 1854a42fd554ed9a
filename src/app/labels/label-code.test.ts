import { describe, expect, it } from 'vitest';
import { placeLabel } from '../scan/use-wedge-scan';
import { code128Modules } from './code128';
import { eanModules } from './ean';
import { itemLabelCode, placeLabelCode } from './label-code';

describe('what a label’s barcode carries', () => {
  it('an item’s retail barcode in its own symbology', () => {
    expect(itemLabelCode({ barcode: '4006381333931', sku: 'X-1' })).toEqual({
      text: '4006381333931',
      modules: eanModules('4006381333931'),
      symbology: 'ean',
    });
    expect(itemLabelCode({ barcode: '96385074', sku: 'X-1' })?.symbology).toBe('ean');
  });

  it('any other barcode as Code 128 of its text', () => {
    expect(itemLabelCode({ barcode: '4006381333932', sku: 'X-1' })).toEqual({
      text: '4006381333932',
      modules: code128Modules('4006381333932'),
      symbology: 'code128',
    });
    expect(itemLabelCode({ barcode: 'ABC-77', sku: 'X-1' })?.text).toBe('ABC-77');
  });

  it('the SKU when there is no barcode, or one Code 128 cannot carry', () => {
    expect(itemLabelCode({ barcode: null, sku: 'LAMP-01' })?.text).toBe('LAMP-01');
    expect(itemLabelCode({ barcode: '  ', sku: 'LAMP-01' })?.text).toBe('LAMP-01');
    expect(itemLabelCode({ barcode: 'Ø8', sku: 'LAMP-01' })?.text).toBe('LAMP-01');
    expect(itemLabelCode({ barcode: null, sku: 'Schraube Ø8' })).toBeNull();
  });

  it('a place’s PLACE:<id>, which scanning reads as that place', () => {
    const code = placeLabelCode('back-room');
    expect(code?.text).toBe('PLACE:back-room');
    expect(placeLabel(code?.text ?? '')).toBe('back-room');
  });
});
