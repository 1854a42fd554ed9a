/**
 * A fake camera's picture for Chromium (`--use-file-for-fake-video-capture`): an EAN-13 barcode
 * drawn from its digits into a Y4M frame. No image library: EAN-13 is bars of 95 modules, each
 * digit 7 modules from the L, G or R table, the first digit chosen by the left half's L/G parity.
 */
import { writeFile } from 'node:fs/promises';

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R = L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G = R.map((code) => [...code].reverse().join(''));
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13 symbol ('1' = bar), from its 13 digits (check digit included). */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not 13 digits: ${code}`);
  const d = [...code].map(Number);
  const parity = PARITY[d[0] ?? 0] ?? '';
  const left = d.slice(1, 7).map((digit, i) => (parity[i] === 'G' ? G : L)[digit]);
  const right = d.slice(7).map((digit) => R[digit]);
  return `101${left.join('')}01010${right.join('')}101`;
}

/** The EAN-13 check digit the first 12 digits call for. */
export function ean13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

export const FRAME = { width: 640, height: 480 } as const;

/**
 * One 4:2:0 Y4M frame (Chromium loops a file's frames): white, with the barcode's bars black,
 * `modulePx` pixels per module, centred, quiet zones on both sides, bars from 20% to 80% height.
 */
export function ean13Frame(code: string, modulePx = 5): Buffer {
  const { width, height } = FRAME;
  const modules = ean13Modules(code);
  const x0 = Math.floor((width - modules.length * modulePx) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let y = Math.floor(height * 0.2); y < Math.floor(height * 0.8); y += 1) {
    for (let m = 0; m < modules.length; m += 1) {
      if (modules[m] !== '1') continue;
      luma.fill(0, y * width + x0 + m * modulePx, y * width + x0 + (m + 1) * modulePx);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma]);
}

export async function writeBarcodeVideo(path: string, code: string): Promise<void> {
  await writeFile(path, ean13Frame(code));
}
