/**
 * Item import from a spreadsheet, in real Chromium: a manager imports items from a CSV file made offline
 * in a spreadsheet: the preview names the bad row and why, the good rows go to the outbox, and they
 * reach the server (checked through the API). Staff are not offered the import, but download the
 * items from Items (codes kept as text for spreadsheets).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually, openMore } from './support/app';
import { seriousViolations } from './support/axe';
import { collectPageErrors, goOffline, newPhoneContext } from './support/browser';
import { useScene } from './support/scene';
import { screenshot } from './support/screenshot';
import { signInUi } from './support/sign-in';

const scene = useScene();

let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  context = await newPhoneContext(scene.browser);
  page = await context.newPage();
  errors.push(...collectPageErrors(page));
});

afterAll(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

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
    await openMore(page);
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

  it('reads a German spreadsheet’s `;` file, in German: decimal commas, row errors in German', async () => {
    // German Excel and LibreOffice write "CSV" with `;` between cells and a decimal comma.
    const file = [
      '\uFEFFid;sku;barcode;name;location;quantity;lowStockThreshold',
      'imp-kleber;KLB-1;;Kleber, flüssig;D1;1.200;10,00',
      'imp-band;BND-1;;Klebeband;D1;2,5;', // row 3: no whole number
      '',
    ].join('\r\n');
    const german = await newPhoneContext(scene.browser, { locale: 'de-DE' });
    const p = await german.newPage();
    errors.push(...collectPageErrors(p));
    await p.goto(scene.server.url);
    await p.getByLabel('Benutzername').fill('manager');
    await p.getByLabel('Passwort').fill('manager');
    await p.getByRole('button', { name: 'Anmelden' }).click();
    await openMore(p, 'Mehr');
    await p.getByRole('link', { name: 'Artikel importieren' }).click();
    await p.getByLabel('CSV-Datei').setInputFiles({
      name: 'artikel.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file, 'utf8'),
    });
    const summary = p.getByRole('list', { name: 'Zusammenfassung des Imports' });
    await expect.poll(() => summary.innerText()).toContain('1 neu');
    const bad = p.getByRole('region', { name: /Zeilen mit Fehlern/ });
    await expect
      .poll(() => bad.getByRole('row').nth(1).innerText())
      .toMatch(/3\s+Klebeband\s+„2,5“ ist keine ganze Zahl: Gib nur Ziffern ein\./);
    await p.getByRole('button', { name: '1 Zeile importieren' }).click();
    const api = await scene.server.api('manager');
    const [kleber] = await eventually(
      async () => (await api.items()).items.filter((i) => i.id === 'imp-kleber'),
      (list) => list.length === 1,
      'the German file’s item on the server',
    );
    expect([kleber?.name, kleber?.quantity, kleber?.lowStockThreshold]).toEqual([
      'Kleber, flüssig',
      1200,
      10,
    ]);
    await german.close();
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

  it('staff download the items from Items, offline, with barcodes kept as text', async () => {
    const staff = await newPhoneContext(scene.browser);
    const s = await staff.newPage();
    errors.push(...collectPageErrors(s));
    await signInUi(s, scene.server.url, 'demo');
    // The items are on the device (one pull brings them all), then the network goes.
    await s.getByRole('list', { name: 'Items' }).getByRole('link').first().waitFor();
    await goOffline(staff);
    await openMore(s);
    const [file] = await Promise.all([
      s.waitForEvent('download'),
      s.getByRole('button', { name: 'Download items (CSV)' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('stockroom-items.csv');
    const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'id,sku,barcode,name,location,quantity,lowStockThreshold,archived,revision',
    );
    // A spreadsheet keeps ="2000014000148" as the text 2000014000148, never 2.00001E+12.
    expect(lines.some((l) => l.includes(',"=""2000014000148""",'))).toBe(true);
    expect(text).not.toMatch(/,2000014000148,/);
    await staff.close();
  });
});
