/**
 * A fake camera's picture for Chromium (`--use-file-for-fake-video-capture`): a barcode drawn into
 * a Y4M frame by the app's own label encoders (src/app/labels): an EAN-13, UPC-A or EAN-8 code in
 * its symbology, anything else (a place label's `PLACE:<id>`) as Code 128.
 */
import { writeFile } from 'node:fs/promises';
import { code128Modules } from '../../../src/app/labels/code128';
import { eanModules } from '../../../src/app/labels/ean';

export const FRAME = { width: 640, height: 480 } as const;

function modulesOf(code: string): string {
  const modules = eanModules(code) ?? code128Modules(code);
  if (modules === null) throw new Error(`no barcode for ${code}`);
  return modules;
}

/**
 * One 4:2:0 Y4M frame (Chromium loops a file's frames): white, with the barcode's bars black, as
 * many pixels a module as fit (at most 5), centred with quiet zones on both sides, bars from 20% to
 * 80% height.
 */
export function barcodeFrame(code: string): Buffer {
  const { width, height } = FRAME;
  const modules = modulesOf(code);
  const modulePx = Math.min(5, Math.floor(width / (modules.length + 20)));
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
  await writeFile(path, barcodeFrame(code));
}
