import { describe, expect, it } from 'vitest';
import { isReaderFile } from './reader-files';

const WASM = 'assets/zxing_reader-BxB2YfIY.wasm';
const CHUNK = 'assets/wasm-detector-BC0LJ4QE.js';

describe('the barcode reader’s files', () => {
  it('are the ZXing .wasm and the wasm-detector chunk, nothing else', () => {
    expect(isReaderFile(WASM)).toBe(true);
    expect(isReaderFile(CHUNK)).toBe(true);
    expect(isReaderFile('http://127.0.0.1:8080/assets/wasm-detector-a_b-C9.js')).toBe(true);
    expect(isReaderFile('assets/scan-panel-CtwaXaqY.js')).toBe(false);
    expect(isReaderFile('assets/index-Z0Qp86vZ.js')).toBe(false);
    expect(isReaderFile('index.html')).toBe(false);
    expect(isReaderFile('assets/zxing_reader-BxB2YfIY.wasm.br')).toBe(false);
    expect(isReaderFile('wasm-detector-BC0LJ4QE.js')).toBe(false);
  });
});
