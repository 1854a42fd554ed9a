/**
 * What both barcode readers share (detector.ts chooses one; wasm-detector.ts, loaded only when
 * chosen, is the other): kept apart so the lazily loaded reader imports nothing back from the
 * module that loads it.
 */

/** What the shop's labels carry: retail EAN-13, EAN-8 and UPC-A, Code 128 shelf labels, QR. */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'qr_code'] as const;

export interface Detected {
  rawValue: string;
}

/** The one method the scanner uses, as both the native API and the ponyfill have it. */
export interface Detector {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
}
