/**
 * Writes the PWA icons (public/icons/*.png) without image tools: a tiny rasteriser and a PNG
 * encoder on node:zlib. The same drawing as public/favicon.svg: a crate on a shelf.
 * Run: npx tsx scripts/make-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
const BRAND: Rgba = [0x1d, 0x4e, 0x89, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const AMBER: Rgba = [0xff, 0xc4, 0x6b, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function encodePng(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0: none
    for (let x = 0; x < size; x++) Buffer.from(pixel(x, y)).copy(row, 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inRect = (u: number, v: number, x0: number, y0: number, x1: number, y1: number): boolean =>
  u >= x0 && u <= x1 && v >= y0 && v <= y1;

/** The drawing in unit coordinates; `inset` shrinks it into the maskable safe zone. */
function drawing(u0: number, v0: number, inset: number): Rgba | null {
  const u = (u0 - inset) / (1 - 2 * inset);
  const v = (v0 - inset) / (1 - 2 * inset);
  if (inRect(u, v, 0.14, 0.74, 0.86, 0.8)) return WHITE; // shelf
  if (inRect(u, v, 0.28, 0.34, 0.72, 0.74)) {
    if (inRect(u, v, 0.32, 0.38, 0.68, 0.7) && !inRect(u, v, 0.47, 0.38, 0.53, 0.7)) return AMBER;
    return WHITE; // crate frame and slat
  }
  if (inRect(u, v, 0.4, 0.22, 0.6, 0.34)) return WHITE; // small box on top
  return null;
}

function icon(size: number, maskable: boolean): Buffer {
  const radius = 0.18;
  return encodePng(size, (x, y) => {
    const u = (x + 0.5) / size;
    const v = (y + 0.5) / size;
    if (!maskable) {
      // Rounded square: transparent outside the corners.
      const cu = Math.min(Math.max(u, radius), 1 - radius);
      const cv = Math.min(Math.max(v, radius), 1 - radius);
      if (Math.hypot(u - cu, v - cv) > radius) return CLEAR;
    }
    return drawing(u, v, maskable ? 0.1 : 0) ?? BRAND;
  });
}

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', icon(192, false));
writeFileSync('public/icons/icon-512.png', icon(512, false));
writeFileSync('public/icons/icon-maskable-512.png', icon(512, true));
writeFileSync('public/icons/apple-touch-icon.png', icon(180, true));
console.log('wrote public/icons/*.png');
