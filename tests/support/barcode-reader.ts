/**
 * The app's WebAssembly barcode reader (ZXing's reader build, as src/app/scan/wasm-detector.ts
 * loads it in the browser) in Node, reading the formats the app reads (SCAN_FORMATS): the codes in
 * a PNG, or in a drawing of modules (src/app/labels).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import { SCAN_FORMATS } from '../../src/app/scan/reader-formats';

/** The Barcode Detection API's names (the app's) as ZXing spells them. */
const ZXING_NAME = {
  ean_13: 'EAN13',
  ean_8: 'EAN8',
  upc_a: 'UPCA',
  code_128: 'Code128',
  qr_code: 'QRCode',
} satisfies Record<(typeof SCAN_FORMATS)[number], ReadInputBarcodeFormat>;

let prepared: Promise<unknown> | null = null;

function prepare(): Promise<unknown> {
  prepared ??= readFile(
    fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm')),
  ).then((bytes) =>
    prepareZXingModule({
      overrides: {
        wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
      },
      fireImmediately: true,
    }),
  );
  return prepared;
}

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  colorSpace: 'srgb';
}

/** The texts of every code the reader finds in `image` (PNG bytes or pixels). */
export async function readCodes(image: Uint8Array | Pixels): Promise<string[]> {
  await prepare();
  const found = await readBarcodes(image as Uint8Array, {
    formats: SCAN_FORMATS.map((f) => ZXING_NAME[f]),
    maxNumberOfSymbols: 255,
  });
  return found.filter((r) => r.isValid).map((r) => r.text);
}

/** Black bars on white, `px` pixels a module, with a quiet zone of 12 modules each side. */
export function drawModules(modules: string, px = 3, height = 60): Pixels {
  const width = (modules.length + 24) * px;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let m = 0; m < modules.length; m += 1) {
    if (modules[m] !== '1') continue;
    for (let y = 0; y < height; y += 1) {
      const start = (y * width + (m + 12) * px) * 4;
      for (let i = start; i < start + px * 4; i += 4) data.fill(0, i, i + 3);
    }
  }
  return { data, width, height, colorSpace: 'srgb' };
}
