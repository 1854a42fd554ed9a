import { describe, expect, it } from 'vitest';
import { drawModules, readCodes } from '../../../tests/support/barcode-reader';
import { eanModules, gs1CheckDigit, isRetailCode } from './ean';

describe('EAN-13, UPC-A and EAN-8', () => {
  it('computes the published check digits', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8 96385074
  });

  it('knows a retail code by its length and check digit', () => {
    expect(isRetailCode('4006381333931')).toBe(true);
    expect(isRetailCode('4006381333932')).toBe(false);
    expect(isRetailCode('036000291452')).toBe(true);
    expect(isRetailCode('96385074')).toBe(true);
    expect(isRetailCode('12345')).toBe(false);
    expect(eanModules('4006381333932')).toBeNull();
  });

  it('draws 4006381333931: guards, first digit 4 as the left half’s A/B sets (ABAABB), right half C', () => {
    expect(eanModules('4006381333931')).toBe(
      '101' +
        ['0001101', '0100111', '0101111', '0111101', '0001001', '0110011'].join('') + // 0 0 6 3 8 1 (A B A A B B)
        '01010' +
        ['1000010', '1000010', '1000010', '1110100', '1000010', '1100110'].join('') + // 3 3 3 9 3 1
        '101',
    );
  });

  it('draws UPC-A as the EAN-13 symbol after a 0, and EAN-8 with 67 modules', () => {
    expect(eanModules('036000291452')).toBe(eanModules('0036000291452'));
    expect(eanModules('96385074')).toHaveLength(67);
  });

  it.each(['4006381333931', '2000014000148', '96385074'])(
    'the app’s reader reads %s back',
    async (code) => {
      expect(await readCodes(drawModules(eanModules(code) ?? ''))).toEqual([code]);
    },
  );

  it('the app’s reader reads a UPC-A label back as the same GTIN', async () => {
    const [read = ''] = await readCodes(drawModules(eanModules('036000291452') ?? ''));
    expect(read.replace(/^0+/, '')).toBe('36000291452');
  });
});
