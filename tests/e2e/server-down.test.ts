/**
 * The server goes away and comes back: changes wait on the device ("Saved on this device"), then
 * drain by themselves, each applied once. And with the server gone and the browser offline, a
 * reload still opens the app with this device's items (the service worker's precached shell).
 */
import { describe, expect, it } from 'vitest';
import {
  FORBIDDEN,
  LABEL,
  adjustStock,
  nav,
  openItem,
  recordLabels,
  signInUi,
} from './support/app';
import { newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene();

describe('server stopped, then back', () => {
  it('keeps changes on the device and drains them once the server returns', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await openItem(page, item.name);
    const labels = await recordLabels(page);

    await scene.server.stop();
    await adjustStock(page, -1);
    await adjustStock(page, -3, 'Damaged');
    const changes = page.getByRole('region', { name: "This device's changes" });
    await expect.poll(() => changes.getByText(LABEL.queued).count()).toBe(2);
    await expect.poll(() => nav(page, 'Activity').textContent()).toContain('2 not yet confirmed');
    expect(await page.getByLabel('Confirmed quantity').textContent()).toBe(String(item.quantity));

    await scene.server.restart();
    await expect
      .poll(() => changes.getByText(LABEL.confirmed, { exact: true }).count(), { timeout: 90_000 })
      .toBe(2);
    await expect.poll(() => nav(page, 'Activity').textContent()).toBe('Activity');
    expect((await labels()).filter((l) => FORBIDDEN.test(l))).toEqual([]);

    const api2 = await scene.server.api();
    const deltas = (await api2.history(item.id)).map((e) => e.delta);
    expect(deltas.filter((d) => d === -1)).toHaveLength(1);
    expect(deltas.filter((d) => d === -3)).toHaveLength(1);
    expect((await api2.item(item.id)).quantity).toBe(item.quantity - 4);
    await context.close();
  });

  it('reloads offline: the shell from the service worker, the items from the device', async () => {
    if (!scene.server.isRunning) await scene.server.restart();
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await page.getByRole('link', { name: item.name, exact: true }).waitFor();
    // The shell is precached once the worker is active and controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r));
      }
    });

    await scene.server.stop();
    await context.setOffline(true);
    await page.reload();

    await page.getByRole('heading', { level: 1, name: 'Items' }).waitFor();
    await page.getByLabel('Search items').fill(item.name);
    await page.getByRole('link', { name: item.name, exact: true }).waitFor();
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Offline$/ })
        .count(),
    ).toBe(1);

    await context.close();
    await scene.server.restart();
  });
});
