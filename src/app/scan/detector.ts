/**
 * The barcode reader: the browser's own BarcodeDetector where it reads every format we need,
 * otherwise ZXing compiled to WebAssembly (the `barcode-detector` ponyfill), loaded only then.
 */
import { SCAN_FORMATS, type Detector } from './reader-formats';

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * Native only when it reads every format: a browser that has the API but no QR (or no
 * Code 128) would silently miss labels the fallback reads. Pure.
 */
export function chooseReader(nativeFormats: readonly string[] | null): 'native' | 'wasm' {
  if (nativeFormats === null) return 'wasm';
  return SCAN_FORMATS.every((f) => nativeFormats.includes(f)) ? 'native' : 'wasm';
}

function nativeClass(): NativeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

async function nativeFormats(native: NativeDetectorClass | null): Promise<string[] | null> {
  if (!native) return null;
  try {
    return await native.getSupportedFormats();
  } catch {
    return null;
  }
}

/** Which reader this browser scans with (the WebAssembly one is worth warming up offline). */
export async function readerHere(): Promise<'native' | 'wasm'> {
  return chooseReader(await nativeFormats(nativeClass()));
}

export async function createDetector(): Promise<{ detector: Detector; reader: 'native' | 'wasm' }> {
  const native = nativeClass();
  const reader = await readerHere();
  if (reader === 'native' && native) {
    return { detector: new native({ formats: [...SCAN_FORMATS] }), reader };
  }
  const { createWasmDetector } = await import('./wasm-detector');
  return { detector: await createWasmDetector(SCAN_FORMATS), reader: 'wasm' };
}
