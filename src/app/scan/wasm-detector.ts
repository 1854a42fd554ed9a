/**
 * ZXing in WebAssembly behind the BarcodeDetector API. The .wasm file is part of the build (a
 * hashed asset the service worker fetches once someone has signed in, with this chunk:
 * src/sw/reader-files.ts), so scanning works offline and never asks a CDN, which the
 * Content-Security-Policy would refuse anyway.
 */
import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { Detector } from './reader-formats';

/**
 * `formats` come from the loader (detector.ts): this chunk takes nothing but types from the module
 * that loads it, so the build makes no tiny shared chunk the sign-in screen would fetch as well.
 */
export async function createWasmDetector(formats: readonly BarcodeFormat[]): Promise<Detector> {
  // Compile now, so a missing or refused file shows as "the reader could not start" at once
  // rather than as a scanner that silently never finds anything.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path,
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...formats] });
}
