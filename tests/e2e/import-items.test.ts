/**
 * Item import from a spreadsheet, in real Chromium: a manager imports items from a CSV file made offline
 * in a spreadsheet: the preview names the bad row and why, the good rows go to the outbox, and they
 * reach the server (checked through the API). Staff are not offered the import.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from './support/app';
import { seriousViolations } from './support/axe';
import { collectPageErrors, goOffline, newPhoneContext } from './support/browser';
import { useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();
const SHOTS = 'docs/screenshots';

let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  context = await newPhoneContext(scene.browser);
  page = await context.newPage();
  errors.push(...collectPageErrors(page));
});

afterAll(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

/** The whole screen (the viewport grown to it, so the fixed navigation stays at the bottom). */
async function screenshot(p: Page, name: string): Promise<void> {
  const viewport = p.viewportSize() ?? { width: 390, height: 844 };
  const height = await p.evaluate(() => document.documentElement.scrollHeight);
  await p.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await p.screenshot({ path: `${SHOTS}/${name}.png` });
  await p.setViewportSize(viewport);
}

const FILE = [
  '\uFEFFid,sku,barcode,name,location,quantity,lowStockThreshold',
  'imp-tape,TAPE-50,,"Packing tape, 50 m",C3,24,6',
  'imp-box,BOX-S,,,C3,10,', // row 3: no name
  'imp-glue,GLUE-1,,Glue stick,C4,12,',
  '',
].join('\r\n');

describe('Import items', () => {
  it('previews a bad row with its reason, queues the good rows, and they reach the server', async () => {
    await signInUi(page, scene.server.url, 'manager');
    await page.getByRole('link', { name: 'Import items' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import items' }).waitFor();
    // Offline while choosing and confirming: nothing is sent by the click itself.
    await goOffline(context);
    await page.getByLabel('CSV file').setInputFiles({
      name: 'items.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(FILE, 'utf8'),
    });
    const summary = page.getByRole('list', { name: 'Import summary' });
    await expect.poll(() => summary.innerText()).toContain('2 new');
    const bad = page.getByRole('region', { name: /Rows with errors/ });
    await expect
      .poll(() => bad.getByRole('row').nth(1).innerText())
      .toMatch(/3\s+BOX-S\s+Name is missing\./);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'import-items');

    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    const progress = page.getByRole('region', { name: 'Import saved on this device' });
    await expect
      .poll(() => progress.getByRole('status').first().innerText())
      .toBe('Sending 0 of 2');
    const api = await scene.server.api('manager');
    expect((await api.items()).items.some((i) => i.id.startsWith('imp-'))).toBe(false);

    await context.setOffline(false);
    await expect
      .poll(() => progress.innerText(), { timeout: 30_000 })
      .toContain('All 2 confirmed by the server.');
    const items = await eventually(
      async () => (await api.items()).items.filter((i) => i.id.startsWith('imp-')),
      (list) => list.length === 2,
      'imported items on the server',
    );
    expect(items.map((i) => [i.id, i.name, i.quantity, i.lowStockThreshold]).sort()).toEqual([
      ['imp-glue', 'Glue stick', 12, null],
      ['imp-tape', 'Packing tape, 50 m', 24, 6],
    ]);
  });

  it('staff are not offered the import', async () => {
    const staff = await newPhoneContext(scene.browser);
    const s = await staff.newPage();
    errors.push(...collectPageErrors(s));
    await signInUi(s, scene.server.url, 'demo');
    await s.getByLabel('Search items').waitFor();
    expect(await s.getByRole('link', { name: 'Import items' }).count()).toBe(0);
    await s.goto(`${scene.server.url}/#/import`);
    await s.getByText('Only a manager can import items.').waitFor();
    await staff.close();
  });
});
