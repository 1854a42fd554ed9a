/**
 * Labels (docs/client.md#labels) in real Chromium. A manager prints the items of a filter and the
 * places; the sheet is saved as a PDF with `page.pdf` (US Letter, the en-US default, and A4), each
 * page rasterised by poppler's `pdftoppm`, and every label of the 3 × 8 grid read by the app's own
 * WebAssembly reader (tests/support/barcode-reader.ts): each gives back its item's barcode (in its
 * own symbology: EAN-13, UPC-A, EAN-8, else Code 128), else its SKU, or its place's `PLACE:<id>`.
 * Then a place label, filmed by the camera or typed by a wedge scanner, sets the Place select (on
 * Items, Receive delivery and Start stock-take).
 * axe checks the sheet's view, light and dark.
 * The sheet's picture goes to docs/screenshots/labels.png.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createItem } from '../api/support/ops';
import { readCodes, type Pixels } from '../support/barcode-reader';
import { nav, openMore } from './support/app';
import { seriousViolations } from './support/axe';
import { collectPageErrors, newPhoneContext } from './support/browser';
import { browserFilming, cameraContext, cameraTracks } from './support/camera-phone';
import { useScene } from './support/scene';
import { signInUi } from './support/sign-in';
import { wedgeScan } from './support/wedge';

const run = promisify(execFile);
const scene = useScene();
const SHELF = 'Z9';

const NAMES = [
  'Hex bolt M8 × 40',
  'Wood screw 4 × 30',
  'Cable tie 200 mm',
  'Wall plug 6 mm',
  'Hinge, brass',
  'Door handle, steel',
  'Masking tape 25 mm',
  'Sandpaper P120',
  'Paint brush 50 mm',
  'Wire nut, orange',
  'Drawer runner 400 mm',
  'Shelf bracket, white',
  'Spirit level 60 cm',
];

/** 26 items on one shelf (two sheets): retail codes, codes of other kinds, and none. */
const ITEMS = Array.from({ length: 26 }, (_, i) => ({
  id: `label-${i}`,
  name: `${NAMES[i % NAMES.length]}, size ${Math.floor(i / NAMES.length) + 1}`,
  sku: i === 7 ? '12345678' : `LBL-${i}`,
  barcode: [
    '4006381333931', // EAN-13
    '036000291452', // UPC-A
    '96385074', // EAN-8
    'ACME-778', // another kind of code: Code 128
    '4006381333932', // a wrong check digit: Code 128 of its text
  ][i],
}));
const PLACES = [
  { id: 'back-room', name: 'Back room' },
  { id: 'shop-floor', name: 'Shop floor' },
];

/** What a label must give back: the barcode, else the SKU (a GTIN without its leading zeros). */
function gtin(code: string): string {
  return /^\d{8,14}$/.test(code) ? code.replace(/^0+/, '') : code;
}

let dir: string;
const errors: string[] = [];
const contexts: BrowserContext[] = [];
let camera: Browser | null = null;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stockroom-labels-'));
  const api = await scene.server.api('manager');
  const lease = await api.lease('labels-setup');
  const ops = [
    ...ITEMS.map((item) => ({
      ...createItem(item.id, 5, item.sku),
      name: item.name,
      location: SHELF,
      ...(item.barcode === undefined ? {} : { barcode: item.barcode }),
    })),
    ...PLACES.map((p) => ({ type: 'createPlace' as const, placeId: p.id, name: p.name })),
  ];
  for (const op of ops) {
    const reply = await api.postOp(lease.body(op));
    expect(reply.body, op.type).toMatchObject({ outcome: 'applied' });
  }
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await camera?.close();
  await rm(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

/** A manager's phone, signed in, and the paths its pages fetched since it opened. */
async function managerPhone(
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; fetched: string[] }> {
  const context = await newPhoneContext(scene.browser, { locale: 'en-US', colorScheme });
  contexts.push(context);
  // The browser's print dialog cannot be driven: count the calls instead.
  await context.addInitScript(() => {
    const w = window as unknown as { __printed: number };
    w.__printed = 0;
    window.print = () => {
      w.__printed += 1;
    };
  });
  const page = await context.newPage();
  errors.push(...collectPageErrors(page));
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await signInUi(page, scene.server.url, 'manager');
  return { page, fetched };
}

interface PdfInfo {
  pages: number;
  /** Page size in whole millimetres. */
  size: string;
}

async function pdfInfo(pdf: string): Promise<PdfInfo> {
  const { stdout } = await run('pdfinfo', [pdf]);
  const [, w = '0', h = '0'] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(stdout) ?? [];
  const mm = (pt: string) => Math.round((Number(pt) / 72) * 25.4);
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]), size: `${mm(w)} x ${mm(h)} mm` };
}

const DPI = 200;
/** The printed grid: the page's width in three, and 296 mm (A4) or 279 mm (Letter) in eight. */
const GRID_MM = { a4: { width: 210, height: 296 }, letter: { width: 215.9, height: 279 } };

/** One page of the PDF as grey pixels (pdftoppm's PGM: a header, then a byte a pixel). */
async function rasterise(
  pdf: string,
  pageNo: number,
): Promise<{ width: number; height: number; grey: Buffer }> {
  const prefix = join(dir, `page-${pageNo}`);
  await run('pdftoppm', [
    '-r',
    String(DPI),
    '-gray',
    '-f',
    String(pageNo),
    '-l',
    String(pageNo),
    '-singlefile',
    pdf,
    prefix,
  ]);
  const bytes = await readFile(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 32).toString('latin1'));
  if (!header) throw new Error('not a PGM');
  const [whole = '', width = '0', height = '0'] = header;
  return { width: Number(width), height: Number(height), grey: bytes.subarray(whole.length) };
}

function crop(
  page: { width: number; grey: Buffer },
  x: number,
  y: number,
  w: number,
  h: number,
): Pixels {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row += 1) {
    for (let col = 0; col < w; col += 1) {
      const v = page.grey[(y + row) * page.width + x + col] ?? 255;
      data.set([v, v, v, 255], (row * w + col) * 4);
    }
  }
  return { data, width: w, height: h, colorSpace: 'srgb' };
}

/** What the reader finds in each of the 24 labels of each page, page by page, row by row. */
async function readSheet(pdf: string, paper: 'a4' | 'letter'): Promise<string[][][]> {
  const { pages } = await pdfInfo(pdf);
  const px = (mm: number) => Math.floor((mm / 25.4) * DPI);
  const cellW = px(GRID_MM[paper].width / 3);
  const cellH = px(GRID_MM[paper].height / 8);
  const read: string[][][] = [];
  for (let p = 1; p <= pages; p += 1) {
    const raster = await rasterise(pdf, p);
    const cells: string[][] = [];
    for (let i = 0; i < 24; i += 1) {
      const x = px(((i % 3) * GRID_MM[paper].width) / 3);
      const y = px((Math.floor(i / 3) * GRID_MM[paper].height) / 8);
      cells.push(await readCodes(crop(raster, x, y, cellW, cellH)));
    }
    read.push(cells);
  }
  return read;
}

const selected = (select: Locator) => select.locator('option:checked').innerText();

/**
 * A wedge scanner's scan, then what `select` shows. Polled: a renderer starved of CPU for longer
 * than a scanner's burst reads it as typing, and the person scans again, as at a real counter.
 */
async function scanInto(page: Page, code: string, select: Locator): Promise<string> {
  await wedgeScan(page, code);
  return selected(select);
}

/** The labels' names as the sheets list them, sheet by sheet. */
async function sheetNames(page: Page): Promise<string[][]> {
  const sheets = page.getByRole('list', { name: /^Sheet \d+$/ });
  const names: string[][] = [];
  for (const sheet of await sheets.all()) {
    names.push(await sheet.getByRole('listitem').locator('.label__name').allInnerTexts());
  }
  return names;
}

/** Every label read back gives exactly its own code; the empty places of the last sheet, nothing. */
function expectEveryLabel(read: string[][][], expected: string[][]): void {
  expect(read.length).toBe(expected.length);
  read.forEach((cells, p) => {
    const want = expected[p] ?? [];
    expect(
      cells.map((codes) => codes.map(gtin)),
      `sheet ${p + 1}`,
    ).toEqual(Array.from({ length: 24 }, (_, i) => (i < want.length ? [gtin(want[i] ?? '')] : [])));
  });
}

describe('printing labels', () => {
  it('prints the filtered items on Letter and A4, and every label reads back as its item', async () => {
    const { page, fetched } = await managerPhone();
    await page.getByRole('combobox', { name: 'Shelf' }).selectOption({ label: `Shelf ${SHELF}` });
    await page.getByText(/^Showing 26 of /).waitFor();

    // The sheet's code (and its encoders) is a chunk of its own, fetched when Print labels is pressed.
    const sheetChunk = (paths: string[]) =>
      paths.filter((p) => /^\/assets\/print-view-[\w-]+\.js$/.test(p));
    expect(sheetChunk(fetched)).toEqual([]);
    await openMore(page);
    const print = page.getByRole('button', { name: 'Print labels' });
    await print.click();
    const view = page.getByRole('region', { name: 'Item labels' });
    await view.getByText('26 labels on 2 sheets of 3 × 8.').waitFor();
    const paper = view.getByRole('combobox', { name: 'Paper' });
    await expect.poll(() => selected(paper)).toBe('US Letter');
    expect(sheetChunk(fetched)).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
    await view.getByRole('button', { name: 'Print' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed))
      .toBe(1);

    const names = await sheetNames(page);
    expect(names.flat().sort()).toEqual(ITEMS.map((i) => i.name).sort());
    const byName = new Map(ITEMS.map((i) => [i.name, i.barcode ?? i.sku]));
    const expected = names.map((sheet) => sheet.map((name) => byName.get(name) ?? name));

    const letter = join(dir, 'letter.pdf');
    await page.pdf({ path: letter, preferCSSPageSize: true, printBackground: true });
    expect(await pdfInfo(letter)).toEqual({ pages: 2, size: '216 x 279 mm' });
    expectEveryLabel(await readSheet(letter, 'letter'), expected);

    await paper.selectOption({ label: 'A4' });
    const a4 = join(dir, 'a4.pdf');
    await page.pdf({ path: a4, preferCSSPageSize: true, printBackground: true });
    expect(await pdfInfo(a4)).toEqual({ pages: 2, size: '210 x 297 mm' });
    expectEveryLabel(await readSheet(a4, 'a4'), expected);
    await mkdir('docs/screenshots', { recursive: true });
    await run('pdftoppm', [
      '-r',
      '60',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      a4,
      'docs/screenshots/labels',
    ]);

    // Closing goes back to Items as it was: the same filter, the focus on Print labels.
    await view.getByRole('button', { name: 'Close' }).click();
    await page.getByText(/^Showing 26 of /).waitFor();
    await expect.poll(() => print.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('prints a PLACE:<id> label per place, each read back as its place', async () => {
    const { page } = await managerPhone('dark');
    await nav(page, 'Settings').click();
    const places = page.getByRole('region', { name: 'Places' });
    await places.getByText('Shop floor', { exact: true }).waitFor();
    await places.getByRole('button', { name: 'Print place labels' }).click();
    const view = page.getByRole('region', { name: 'Place labels' });
    await view.getByText('3 labels on 1 sheet of 3 × 8.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const names = await sheetNames(page);
    const ids = new Map([['Main', 'main'], ...PLACES.map((p) => [p.name, p.id] as const)]);
    const pdf = join(dir, 'places.pdf');
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    expectEveryLabel(
      await readSheet(pdf, 'letter'),
      names.map((sheet) => sheet.map((name) => `PLACE:${ids.get(name) ?? name}`)),
    );
  });
});

describe('scanning a place label', () => {
  it('sets the Place select from the camera on Items, and from a wedge scanner', async () => {
    camera = await browserFilming(dir, 'PLACE:back-room');
    const context = await cameraContext(camera, scene.server.url);
    contexts.push(context);
    const page = await context.newPage();
    errors.push(...collectPageErrors(page));
    await signInUi(page, scene.server.url, 'demo');
    const place = page.getByRole('combobox', { name: 'Place' });
    await expect
      .poll(() => place.locator('option', { hasText: 'Back room' }).count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => selected(place)).toBe('All places');

    await page.getByRole('button', { name: 'Scan barcode' }).click();
    await expect.poll(() => selected(place)).toBe('Back room');
    await expect.poll(() => page.getByRole('region', { name: 'Scan barcode' }).count()).toBe(0);
    expect((await cameraTracks(page)).live).toBe(0);

    await expect.poll(() => scanInto(page, 'PLACE:shop-floor', place)).toBe('Shop floor');

    // Receive delivery keeps its camera on, and the label still in front of it is read there too
    // (whether before or after the screen first shows the place chosen on Items).
    await page.getByRole('link', { name: 'Receive delivery' }).click();
    const at = page.getByRole('combobox', { name: 'Place' });
    await expect.poll(() => selected(at), { timeout: 30_000 }).toBe('Back room');
    await expect.poll(() => scanInto(page, 'PLACE:main', at)).toBe('Main');
  });

  it('sets the Place of Start stock-take from a wedge scanner', async () => {
    const { page } = await managerPhone();
    await page.getByRole('link', { name: 'Stock-takes' }).click();
    const place = page
      .getByRole('form', { name: 'Start stock-take' })
      .getByRole('combobox', { name: 'Place' });
    await expect
      .poll(() => place.locator('option', { hasText: 'Shop floor' }).count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => selected(place)).toBe('Main');
    await expect.poll(() => scanInto(page, 'PLACE:shop-floor', place)).toBe('Shop floor');
  });
});
