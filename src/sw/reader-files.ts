/**
 * The barcode reader's files (ZXing compiled to WebAssembly, ~360 kB brotli, and the chunk that
 * loads it) are not precached at install: a first visit to the sign-in screen would download them
 * for nothing (after-sign-in.ts). The service worker fetches them into `READER_CACHE` once a person
 * has signed in (the page asks with `WARM_READER`, unless the browser's own BarcodeDetector reads
 * every format), then serves them from there, cache first, so scanning works offline. Pure: shared
 * by the worker and the page (the build's check: scripts/precache-manifest.ts).
 */

/** Cache Storage name of the reader's files (not the precache, so workbox never fetches them). */
export const READER_CACHE = 'stockroom-reader';

/** The page's message asking the worker to fetch the reader, if it does not have it yet. */
export const WARM_READER = 'WARM_READER';

/**
 * `wasm-detector` is src/app/scan/wasm-detector.ts's chunk (the ponyfill and ZXing's glue code);
 * the `.wasm` is zxing-wasm's reader. Vite names both `<name>-<hash>.<ext>` under `assets/`.
 */
const READER_FILE = /(^|\/)assets\/(zxing_reader-[\w-]+\.wasm|wasm-detector-[\w-]+\.js)$/;

export function isReaderFile(url: string): boolean {
  return READER_FILE.test(url);
}
