/**
 * Selling or receiving one takes two taps from Items (the item, then **Remove 1 · Sold**), offline
 * like every change, with the reason last used on this device: after a removal saved as Damaged,
 * the one-tap button says and saves Damaged. Taps are counted by the page itself (every trusted
 * click from the Items list on).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserScenario } from '../support/reliability';
import { adjustStock, LABEL, nav } from './support/app';
import { signInUi } from './support/sign-in';
import { goOffline, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene();

/** Counts the person's taps (trusted clicks) from now on. */
async function countTaps(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __taps: number };
    w.__taps = 0;
    document.addEventListener(
      'click',
      (e) => {
        if (e.isTrusted) w.__taps += 1;
      },
      { capture: true },
    );
  });
  return () => page.evaluate(() => (window as unknown as { __taps: number }).__taps);
}

function changeLabel(page: Page, summary: string): Promise<string | null> {
  return page
    .getByRole('region', { name: "This device's changes" })
    .locator('.op-row', { has: page.getByRole('link', { name: summary, exact: true }) })
    .locator('.op-row__label')
    .textContent();
}

describe('one at a time', () => {
  beforeEach(browserScenario);
  it('sell one in two taps from Items, offline, with the last reason used', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url, 'demo');
    await nav(page, 'Items').click();
    await page.getByLabel('Search items').fill(item.name);
    // On this device before the network goes: right after a sign-in the items may still be coming.
    await page.getByRole('link', { name: item.name, exact: true }).waitFor();
    await goOffline(context);

    const taps = await countTaps(page);
    await page.getByRole('link', { name: item.name, exact: true }).click();
    await page.getByRole('button', { name: 'Remove 1 · Sold' }).click();
    const summary = `Remove 1 from ${item.name}`;
    await expect.poll(() => changeLabel(page, summary)).toBe(LABEL.queued);
    expect(await taps()).toBe(2);

    // Another reason through Adjust stock: the one-tap button uses it from now on.
    await adjustStock(page, -2, 'Damaged');
    await page.getByRole('button', { name: 'Remove 1 · Damaged' }).click();
    await page.getByRole('button', { name: 'Add 1 · Received' }).click();

    await context.setOffline(false);
    await expect
      .poll(async () => (await api.item(item.id)).quantity, { timeout: 30_000 })
      .toBe(item.quantity - 3);
    const reasons = (await api.history(item.id)).slice(0, 4).map((e) => [e.delta, e.reason]);
    expect(reasons).toEqual([
      [1, 'received'],
      [-1, 'damaged'],
      [-2, 'damaged'],
      [-1, 'sold'],
    ]);
    await context.close();
  });
});
