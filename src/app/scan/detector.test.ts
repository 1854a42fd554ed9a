import { describe, expect, it } from 'vitest';
import { chooseReader } from './detector';

describe('choosing the barcode reader', () => {
  it('uses the WebAssembly reader where the browser has no BarcodeDetector', () => {
    expect(chooseReader(null)).toBe('wasm');
  });

  it('uses the browser’s own reader when it reads every format the shop uses', () => {
    expect(chooseReader(['aztec', 'code_128', 'ean_13', 'ean_8', 'qr_code', 'upc_a'])).toBe(
      'native',
    );
  });

  it('uses the WebAssembly reader when the browser’s misses a format (or reads none)', () => {
    expect(chooseReader(['ean_13', 'upc_a', 'qr_code'])).toBe('wasm');
    expect(chooseReader([])).toBe('wasm');
  });
});
