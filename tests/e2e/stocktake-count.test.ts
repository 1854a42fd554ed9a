/**
 * Counting a stock-take on a phone in real Chromium (docs/client.md#stock-takes): a code picks the
 * item to count, from a keyboard-wedge scanner (a burst of keys and Enter outside a text field; a
 * person typing as slowly picks nothing) and from the camera (Chromium's fake camera films the
 * desk lamp's EAN-13). The stock-take and the counts are kept on the device: reloaded offline, the
 * phone still shows them, pending, and they are confirmed once the network returns.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Op } from '../../src/protocol/schemas';
import { LABEL } from './support/app';
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
import { signInUi } from './support/sign-in';
import { wedgeScan } from './support/wedge';

const scene = useScene();
const LAMP = { id: 'lamp-14', name: 'Desk lamp, brass', barcode: '2000014000148' };
const FLOOR_LAMP = { id: 'lamp-15', name: 'Floor lamp, linen shade', barcode: '2000015000154' };
const BULB = { id: 'bulb-e27', name: 'LED bulb E27 8 W', barcode: '2000002700081' };
const SCOPE = [LAMP, FLOOR_LAMP, BULB];

let dir: string;
let camera: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stockroom-stocktake-'));
  camera = await browserFilming(dir, LAMP.barcode);
  context = await cameraContext(camera, scene.server.url);
  page = await context.newPage();
  errors.push(...collectPageErrors(page));
});

afterAll(async () => {
  await context?.close();
  await camera?.close();
  await rm(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

/** A blind stock-take of three items, started by the manager through the API. */
async function startStocktake(name: string): Promise<void> {
  const api = await scene.server.api('manager');
  const lease = await api.lease('office');
  const op: Op = {
    type: 'startStocktake',
    stocktakeId: `st-${name.toLowerCase().replaceAll(' ', '-')}`,
    name,
    placeId: 'main',
    blind: true,
    itemIds: SCOPE.map((i) => i.id),
  };
  expect((await api.postOp(lease.body(op))).status).toBe(201);
}

async function openStocktake(name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Stock-takes' })
    .click();
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

const countHeading = (name: string) =>
  page.getByRole('heading', { level: 2, name: `Count ${name}` });

describe('counting a stock-take', () => {
  it('a wedge scanner’s burst and the camera pick the item to count; a person typing does not', async () => {
    await startStocktake('Shelf A');
    await signInUi(page, scene.server.url, 'demo');
    await openStocktake('Shelf A');

    // A person typing a code outside a text field (150 ms a key) is no scan.
    await page.getByRole('heading', { level: 1, name: 'Shelf A' }).click();
    await page.keyboard.type(FLOOR_LAMP.barcode, { delay: 150 });
    await page.keyboard.press('Enter');
    expect(await countHeading(FLOOR_LAMP.name).count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Shelf A' }).waitFor();

    // A wedge scanner's burst: the count opens here, on the stock-take.
    await wedgeScan(page, FLOOR_LAMP.barcode);
    await countHeading(FLOOR_LAMP.name).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Shelf A' }).waitFor();
    await page.getByLabel('Counted quantity').fill('3');
    await page.getByRole('button', { name: 'Save count' }).click();
    await page.getByRole('status').filter({ hasText: LABEL.confirmed }).waitFor();

    // The camera reads the desk lamp's label once: its count opens, and the camera stops.
    await page.getByRole('button', { name: 'Scan barcode' }).click();
    await countHeading(LAMP.name).waitFor({ timeout: 30_000 });
    expect(await cameraTracks(page)).toEqual({ opened: 1, live: 0 });
    expect(await page.getByRole('region', { name: 'Scan barcode' }).count()).toBe(0);

    // On a phone the items left are calm rows: each as wide as the list, no bullets.
    const left = page.getByRole('list', { name: 'Items left' });
    await left.getByRole('button', { name: `Count ${BULB.name}` }).waitFor();
    const layout = await left.evaluate((ul) => ({
      bullets: getComputedStyle(ul).listStyleType,
      widths: [ul, ...ul.querySelectorAll('button')].map((e) =>
        Math.round(e.getBoundingClientRect().width),
      ),
    }));
    expect(layout.bullets).toBe('none');
    expect(new Set(layout.widths).size, JSON.stringify(layout.widths)).toBe(1);
    expect(await seriousViolations(page), 'stock-take count').toEqual([]);
  });

  it('an offline reload keeps the stock-take and the counts saved on the device', async () => {
    await startStocktake('Back room');
    await openStocktake('Back room');
    await readerWarmedUp(page);
    await goOffline(context);
    await workerIsOffline(context);

    await page.getByLabel('Item code').fill(BULB.barcode);
    await page.getByRole('button', { name: 'Open item' }).click();
    await page.getByLabel('Counted quantity').fill('120');
    await page.getByRole('button', { name: 'Save count' }).click();
    await page.getByRole('status').filter({ hasText: LABEL.queued }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Back room' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('1 of 3 counted').count()).toBe(1);
    const counted = page.getByRole('list', { name: 'Counted' });
    const bulb = counted.getByRole('listitem').filter({ hasText: BULB.name });
    await bulb.getByText(LABEL.queued).waitFor();
    // The list of stock-takes is on the device too.
    await page.getByRole('link', { name: 'Back to stock-takes' }).click();
    await page.getByRole('link', { name: 'Back room', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Shelf A', exact: true }).waitFor();

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Back room', exact: true }).click();
    await bulb.getByText(LABEL.confirmed).waitFor({ timeout: 30_000 });
    const api = await scene.server.api('manager');
    const detail = (await api.get('/api/stocktakes/st-back-room')).body as {
      lines: { itemId: string; counted: number; userName: string }[];
    };
    expect(detail.lines).toMatchObject([{ itemId: BULB.id, counted: 120, userName: 'demo' }]);
  });
});
