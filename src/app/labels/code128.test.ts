import { describe, expect, it } from 'vitest';
import { drawModules, readCodes } from '../../../tests/support/barcode-reader';
import { code128Modules, code128Values } from './code128';

describe('Code 128', () => {
  it('gives the published example its values and checksum (PJJ123C: Start B … check 55)', () => {
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
  });

  it('draws each value from the standard’s table, with Stop and its final bar', () => {
    // Start B 11010010000, "A" (value 33) 10100011000, check (104 + 33) % 103 = 34 10001011000.
    expect(code128Modules('A')).toBe(
      '11010010000' + '10100011000' + '10001011000' + '1100011101011',
    );
  });

  it('packs runs of digits two to a symbol in code set C', () => {
    // Start C, 12, 34, check (105 + 12 + 2 * 34) % 103 = 82.
    expect(code128Values('1234')).toEqual([105, 12, 34, 82]);
    // B for the letters and the odd digit, C (99) for the six, B (100) again for the end; check
    // (104 + 33 + 2·17 + 3·99 + 4·23 + 5·45 + 6·67 + 7·100 + 8·34) % 103 = 2159 % 103 = 99.
    expect(code128Values('A1234567B')).toEqual([104, 33, 17, 99, 23, 45, 67, 100, 34, 99]);
  });

  it('has no symbol for a character outside printable ASCII', () => {
    expect(code128Modules('Schraube Ø8')).toBeNull();
    expect(code128Modules('')).toBeNull();
  });

  it.each(['PJJ123C', 'PLACE:back-room', 'LAMP-BR-01', '12345678', 'A1234567B', '123456789', 'x'])(
    'the app’s reader reads %s back',
    async (text) => {
      expect(await readCodes(drawModules(code128Modules(text) ?? ''))).toEqual([text]);
    },
  );
});
