/**
 * The shop floor in real Chromium: its input, the catalogue forms, fixing mistakes, counts
 * and low stock, and the whole story: a manager scans a new product's barcode with the
 * camera and creates it offline; a staff member on another phone scans it (the item opens),
 * counts, reverses a mistake, adjusts and cancels a typo, all offline; everything confirms exactly
 * once when the network returns (checked in the server's journal). Both phones' fake cameras film
 * the product's EAN-13 (support/camera-phone.ts); the code typed into Search items is tested too.
 * Screenshots of the new screens go to docs/screenshots/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adjust } from '../api/support/ops';
import { LABEL, eventually, nav, openItem, openMore } from './support/app';
import { seriousViolations } from './support/axe';
import { collectPageErrors, goOffline } from './support/browser';
import {
  browserFilming,
  cameraContext,
  cameraTracks,
  readerWarmedUp,
  workerIsOffline,
} from './support/camera-phone';
import { useScene } from './support/scene';
import { screenshot } from './support/screenshot';
import { signInUi } from './support/sign-in';

const scene = useScene();
/** A new product: no demo item has its barcode (a valid EAN-13). */
const ITEM = {
  name: 'Oak shelf bracket',
  sku: 'OAK-BR-01',
  id: 'oak-br-01',
  barcode: '4006381333931',
};

let dir: string;
/** One Chromium whose fake camera films the product's barcode; each phone is a context of it. */
let camera: Browser;
let manager: BrowserContext;
let staff: BrowserContext;
let m: Page;
let s: Page;
const errors: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stockroom-camera-'));
  camera = await browserFilming(dir, ITEM.barcode);
  manager = await cameraContext(camera, scene.server.url);
  staff = await cameraContext(camera, scene.server.url);
  m = await manager.newPage();
  s = await staff.newPage();
  errors.push(...collectPageErrors(m), ...collectPageErrors(s));
});

afterAll(async () => {
  await manager.close();
  await staff.close();
  await camera.close();
  await rm(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

async function noSeriousViolations(page: Page, screen: string): Promise<void> {
  expect(await seriousViolations(page), screen).toEqual([]);
}

function deviceChanges(page: Page) {
  return page.getByRole('region', { name: "This device's changes" });
}

async function openChange(page: Page, summary: string): Promise<void> {
  await deviceChanges(page).getByRole('link', { name: summary, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: summary }).waitFor();
}

async function saveAdjustment(page: Page, change: string, reason: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Adjust stock' });
  await form.getByLabel('Change', { exact: true }).fill(change);
  await form.getByLabel('Reason').selectOption({ label: reason });
  await form.getByRole('button', { name: 'Save change' }).click();
  await expect.poll(() => form.getByLabel('Change', { exact: true }).inputValue()).toBe('');
}

describe('the shop floor', () => {
  it('a manager scans a new product’s barcode and creates it offline; it is confirmed once the network returns', async () => {
    await signInUi(m, scene.server.url, 'manager');
    await openMore(m);
    await m.getByRole('link', { name: 'New item', exact: true }).waitFor();
    // Typed into Search items, a code no item has offers a manager a new item with it too.
    await m.getByLabel('Search items').fill(ITEM.barcode);
    await m.getByRole('link', { name: 'New item with this barcode' }).click();
    const typed = m.getByRole('form', { name: 'New item' });
    expect(await typed.getByLabel('Barcode').inputValue()).toBe(ITEM.barcode);
    await nav(m, 'Items').click();
    await m.getByLabel('Search items').fill('');

    // The delivery arrives where there is no network: the phone has its reader since sign-in.
    await readerWarmedUp(m);
    await goOffline(manager);
    await workerIsOffline(manager);
    await m.getByRole('button', { name: 'Scan barcode' }).click();
    const scanner = m.getByRole('region', { name: 'Scan barcode' });
    await scanner.getByText(`No item has barcode ${ITEM.barcode}`).waitFor({ timeout: 30_000 });
    expect(await cameraTracks(m)).toEqual({ opened: 1, live: 0 });
    await scanner.getByRole('link', { name: 'New item with this barcode' }).click();
    const form = m.getByRole('form', { name: 'New item' });
    expect(await form.getByLabel('Barcode').inputValue()).toBe(ITEM.barcode);
    await form.getByLabel('Name').fill(ITEM.name);
    await form.getByLabel('SKU').fill(ITEM.sku);
    await form.getByLabel('Shelf').fill('D3');
    await form.getByLabel('Starting quantity').fill('5abc');
    await form.getByLabel('Low-stock threshold').fill('4');
    await form.getByRole('button', { name: 'Create item' }).click();
    await form.getByText('“5abc” is not a whole number: enter digits only.').waitFor();
    await form.getByLabel('Starting quantity').fill('20');
    await form.getByRole('button', { name: 'Create item' }).click();
    const saved = form.getByRole('status');
    await expect.poll(() => saved.textContent()).toMatch(/: Saved on this device$/);
    await screenshot(m, 'new-item');
    await noSeriousViolations(m, 'new item');

    const api = await scene.server.api('manager');
    expect((await api.items()).items.some((i) => i.id === ITEM.id)).toBe(false);
    await nav(m, 'Items').click();
    await m.getByRole('region', { name: 'New items not confirmed yet' }).waitFor();

    await manager.setOffline(false);
    // Confirmed, it joins the list (a window of rows: the person looks it up by name).
    await m
      .getByRole('region', { name: 'New items not confirmed yet' })
      .waitFor({ state: 'detached' });
    await m.getByLabel('Search items').fill(ITEM.name);
    await m.getByRole('link', { name: ITEM.name, exact: true }).waitFor({ timeout: 30_000 });
    const created = await api.item(ITEM.id);
    expect(created).toMatchObject({
      sku: ITEM.sku,
      barcode: ITEM.barcode,
      location: 'D3',
      quantity: 20,
      lowStockThreshold: 4,
    });
  });

  it('staff: the adjust form reads input strictly and has − / + / ± and a note counter', async () => {
    await signInUi(s, scene.server.url, 'demo');
    // Search ignores case, spaces and dashes in SKUs.
    await nav(s, 'Items').click();
    expect(await s.getByRole('link', { name: 'New item', exact: true }).count()).toBe(0);
    // The barcode typed by hand finds the item (no camera needed).
    await s.getByLabel('Search items').fill(ITEM.barcode);
    await s.getByRole('link', { name: ITEM.name, exact: true }).waitFor();
    expect(await s.getByRole('link', { name: 'New item with this barcode' }).count()).toBe(0);
    await s.getByLabel('Search items').fill('oak br01');
    await s.getByRole('link', { name: ITEM.name, exact: true }).click();
    await s.getByRole('heading', { level: 1, name: ITEM.name }).waitFor();
    // Catalogue controls are for managers only.
    expect(await s.getByRole('link', { name: 'Edit item' }).count()).toBe(0);
    const form = s.getByRole('form', { name: 'Adjust stock' });
    expect(await form.getByLabel('Allow negative (count later)').count()).toBe(0);

    const change = form.getByLabel('Change', { exact: true });
    await change.fill('5abc');
    await form.getByLabel('Reason').selectOption({ label: 'Received' });
    await form.getByRole('button', { name: 'Save change' }).click();
    await form
      .getByRole('alert')
      .getByText('“5abc” is not a whole number: enter digits only, with − in front to remove.')
      .waitFor();
    await change.fill('');
    await form.getByRole('button', { name: 'Remove one' }).click();
    await form.getByRole('button', { name: 'Remove one' }).click();
    expect(await change.inputValue()).toBe('-2');
    await form.getByRole('button', { name: 'Add one' }).click();
    expect(await change.inputValue()).toBe('-1');
    await change.fill('3');
    await form.getByRole('button', { name: 'Switch sign' }).click();
    expect(await change.inputValue()).toBe('-3');
    await form.getByLabel('Note (optional)').fill('Delivery 4471');
    await form.getByText('13 of 500 characters').waitFor();
    await change.fill('');
  });

  it('staff on another phone scans the item, counts, reverses a mistake, adjusts and cancels a typo offline; each confirms once', async () => {
    const api = await scene.server.api();
    // The mistake, confirmed while online: 10 received that never arrived.
    await saveAdjustment(s, '10', 'Received');
    await deviceChanges(s).getByText(LABEL.confirmed, { exact: true }).waitFor();

    await readerWarmedUp(s);
    await goOffline(staff);
    await workerIsOffline(staff);
    // 0. On the shop floor, the camera finds the item: one match opens it.
    await nav(s, 'Items').click();
    await s.getByLabel('Search items').fill('');
    await s.getByRole('button', { name: 'Scan barcode' }).click();
    await s.getByRole('heading', { level: 1, name: ITEM.name }).waitFor({ timeout: 30_000 });
    expect(await cameraTracks(s)).toEqual({ opened: 1, live: 0 });
    // 1. A count: expected beside counted before saving.
    const count = s.getByRole('form', { name: 'Stock count' });
    await count.getByLabel('Counted quantity').fill('25');
    await count.getByText('−5').waitFor(); // expected 30, counted 25
    await count.getByRole('button', { name: 'Save count' }).click();
    await expect.poll(() => count.getByLabel('Counted quantity').inputValue()).toBe('');
    // 2. Reverse the mistake.
    await openChange(s, `Add 10 to ${ITEM.name}`);
    await screenshot(s, 'reverse-change');
    await s.getByRole('button', { name: 'Reverse this change' }).click();
    await s.getByRole('link', { name: 'open the reversal' }).waitFor();
    expect(await s.getByRole('button', { name: 'Reverse this change' }).count()).toBe(0);
    // The reversal is labelled as one, by the change it undoes (not as a plain "Remove 10").
    await s.getByRole('link', { name: 'open the reversal' }).click();
    await s.getByRole('heading', { level: 1, name: `Reverses: Add 10 to ${ITEM.name}` }).waitFor();
    // 3. Two sold, with the − button.
    await openItem(s, ITEM.name);
    const form = s.getByRole('form', { name: 'Adjust stock' });
    await form.getByRole('button', { name: 'Remove one' }).click();
    await form.getByRole('button', { name: 'Remove one' }).click();
    await form.getByLabel('Reason').selectOption({ label: 'Sold' });
    await form.getByRole('button', { name: 'Save change' }).click();
    await expect.poll(() => form.getByLabel('Change', { exact: true }).inputValue()).toBe('');
    // 4. A typo, cancelled before it was ever sent.
    await saveAdjustment(s, '50', 'Sold');
    await openChange(s, `Add 50 to ${ITEM.name}`);
    await s.getByRole('button', { name: 'Cancel — not sent yet' }).click();
    // It says what happened, on the change's own screen (no jump elsewhere).
    await s
      .getByRole('status')
      .getByText('Cancelled; nothing was sent. The item no longer shows this change as pending.')
      .waitFor();
    await s.getByRole('heading', { level: 1, name: `Add 50 to ${ITEM.name}` }).waitFor();
    await s.getByRole('link', { name: `Back to ${ITEM.name}` }).click();
    await s.getByRole('heading', { level: 1, name: ITEM.name }).waitFor();
    expect(await deviceChanges(s).getByText(`Add 50 to ${ITEM.name}`).count()).toBe(0);

    // The pending count shows on the Items row like a pending adjustment.
    await nav(s, 'Items').click();
    await s.getByLabel('Search items').fill(ITEM.sku);
    const row = s.getByRole('listitem').filter({ hasText: ITEM.name });
    await expect.poll(() => row.textContent()).toMatch(/30 · −12 · count 25 pending/);
    await screenshot(s, 'items-pending');
    expect((await api.item(ITEM.id)).quantity).toBe(30);

    await staff.setOffline(false);
    await nav(s, 'Activity').click();
    await eventually(
      () => api.history(ITEM.id),
      (entries) => entries.length >= 5,
      'the journal has the create, the mistake, the count, the reversal and the sale',
    );
    await expect.poll(async () => (await api.item(ITEM.id)).quantity, { timeout: 30_000 }).toBe(13);
    const journal = await api.history(ITEM.id);
    const ids = journal.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(journal.map((e) => [e.reason, e.delta])).toEqual([
      ['sold', -2],
      ['correction', -10],
      ['count', -5],
      ['received', 10],
      ['created', 20],
    ]);
    expect(journal[1]?.note).toContain(journal[3]?.operationId ?? '?');
    // Nothing is left unconfirmed on the staff phone; the cancelled typo never reached the server.
    await expect
      .poll(() => nav(s, 'Activity').textContent(), { timeout: 30_000 })
      .not.toMatch(/\d/);
  });

  it('Enter again as new opens the form prefilled and sends nothing by itself', async () => {
    const api = await scene.server.api();
    await openItem(s, ITEM.name);
    await saveAdjustment(s, '-500', 'Sold');
    await openChange(s, `Remove 500 from ${ITEM.name}`);
    await s
      .locator('#main')
      .getByText('Needs review: stock would go below zero', { exact: true })
      .waitFor({ timeout: 30_000 });
    const before = (await api.history(ITEM.id)).length;
    await s.getByRole('button', { name: 'Enter again as new' }).click();
    await s.getByRole('heading', { level: 1, name: 'Enter again as new' }).waitFor();
    const form = s.getByRole('form', { name: 'Adjust stock' });
    expect(await form.getByLabel('Change', { exact: true }).inputValue()).toBe('-500');
    expect(await form.getByLabel('Reason').inputValue()).toBe('sold');
    await screenshot(s, 'enter-again');
    await noSeriousViolations(s, 'enter again');
    expect((await api.history(ITEM.id)).length).toBe(before);
    await form.getByLabel('Change', { exact: true }).fill('-5');
    await form.getByRole('button', { name: 'Save change' }).click();
    await s.getByRole('link', { name: 'open the new change' }).waitFor();
    await expect.poll(async () => (await api.item(ITEM.id)).quantity, { timeout: 30_000 }).toBe(8);
  });

  it('a count based on old stock comes back for review, showing the difference', async () => {
    const api = await scene.server.api();
    await openItem(s, ITEM.name);
    await goOffline(staff);
    const count = s.getByRole('form', { name: 'Stock count' });
    await count.getByLabel('Counted quantity').fill('6');
    await count.getByRole('button', { name: 'Save count' }).click();
    await expect.poll(() => count.getByLabel('Counted quantity').inputValue()).toBe('');
    // Meanwhile another phone receives 2: the count no longer fits the stock it was based on.
    const lease = await api.lease('another-phone');
    expect((await api.postOp(lease.body(adjust(ITEM.id, 2)))).status).toBe(201);
    await staff.setOffline(false);
    await openChange(s, `Count ${ITEM.name}: 6`);
    await s
      .locator('#main')
      .getByText('Needs review: the count was based on old stock', { exact: true })
      .waitFor({ timeout: 30_000 });
    const stale = s.getByRole('region', { name: 'Counted against newer stock' });
    await expect
      .poll(() => stale.textContent(), { timeout: 30_000 })
      .toMatch(/Expected10Counted6Difference−4/);
    // What changed since, in the shop's words from the item's history: who received 2, when.
    await expect
      .poll(() => stale.textContent(), { timeout: 30_000 })
      .toMatch(/Since this count was made:.+ received 2 at \d{2}:\d{2}(?!\s?[AP]M)/);
    // Revision numbers are for a person checking the system: only inside Technical details.
    const outsideTechnical = await s.evaluate(() => {
      const page = document.body.cloneNode(true) as HTMLElement;
      page.querySelectorAll('details.technical').forEach((d) => d.remove());
      return page.textContent ?? '';
    });
    expect(outsideTechnical).not.toMatch(/revision/i);
    const technical = s.locator('details.technical');
    await technical.locator('summary').click();
    await expect
      .poll(() => technical.innerText())
      .toMatch(/Counted against revision \d+; the item is now at revision \d+/);
    // Back to 8, as the rest of the story expects.
    expect((await api.postOp(lease.body(adjust(ITEM.id, -2)))).status).toBe(201);
  });

  it('a manager edits details (only what changed), sees low stock and the reorder list, and archives', async () => {
    const api = await scene.server.api('manager');
    await openItem(m, ITEM.name);
    expect(await m.getByLabel('Allow negative (count later)').count()).toBe(1);
    await m.getByRole('link', { name: 'Edit item' }).click();
    const form = m.getByRole('form', { name: 'Edit item' });
    expect(await form.getByLabel('Starting quantity').count()).toBe(0);
    expect(await form.getByLabel('SKU').inputValue()).toBe(ITEM.sku);
    await form.getByLabel('Low-stock threshold').fill('10');
    await form.getByRole('button', { name: 'Save details' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent(), { timeout: 30_000 })
      .toMatch(/: Confirmed$/);
    await screenshot(m, 'edit-item');
    await noSeriousViolations(m, 'edit item');
    expect(await api.item(ITEM.id)).toMatchObject({ lowStockThreshold: 10, name: ITEM.name });

    await nav(m, 'Items').click();
    await m.getByLabel('Low stock').check();
    const row = m.getByRole('listitem').filter({ hasText: ITEM.name });
    await row.getByText('Low stock').waitFor();
    await screenshot(m, 'low-stock');
    await openMore(m);
    await m.getByRole('link', { name: 'Reorder list' }).click();
    await m.getByRole('heading', { level: 1, name: 'Reorder list' }).waitFor();
    const [download] = await Promise.all([
      m.waitForEvent('download'),
      m.getByRole('button', { name: 'Download reorder list (CSV)' }).click(),
    ]);
    const csv = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString('utf8')).toContain(
      `${ITEM.id},${ITEM.sku},${ITEM.barcode},${ITEM.name},D3,8,0,8,10`,
    );
    await noSeriousViolations(m, 'reorder list');

    await openItem(m, ITEM.name);
    await m.getByRole('link', { name: 'Edit item' }).click();
    await m.getByRole('button', { name: 'Archive item' }).click();
    await m.getByRole('button', { name: `Yes, archive ${ITEM.name}` }).click();
    await eventually(
      () => api.items(),
      (r) => !r.items.some((i) => i.id === ITEM.id && !i.archived),
      'the item archived on the server',
    );
    await nav(m, 'Items').click();
    await m.getByLabel('Low stock').uncheck();
    await m.getByLabel('Search items').fill(ITEM.sku);
    await expect.poll(() => m.getByRole('link', { name: ITEM.name, exact: true }).count()).toBe(0);
  });
});
