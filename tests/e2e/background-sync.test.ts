/**
 * With no tab of the app open, the service worker drains the outbox on a Background Sync event,
 * with the same sender code as the tabs: the change reaches the server once. While a tab is open
 * and visible, it holds the lookers' lock, and the worker leaves the sending to it.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserScenario } from '../support/reliability';
import { OUTBOX_SYNC_TAG } from '../../src/sw/sync-tag';
import { adjustStock, openItem } from './support/app';
import { signInUi } from './support/sign-in';
import { NETWORK_FAULTS, expectConsole, dispatchSync, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene();
// The server is stopped while the tab closes on purpose: Chromium logs the refused requests.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

/** Holders of the origin's lookers' lock (src/client/wiring.ts `looking`), as any agent sees them. */
function lookers(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const { held = [] } = await navigator.locks.query();
    return held.filter((lock) => lock.name === 'stockroom:looking').length;
  });
}

describe('Background Sync', () => {
  beforeEach(browserScenario);
  it('the service worker sends what the closed tab left', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await openItem(page, item.name);

    await scene.server.stop();
    await adjustStock(page, -2);
    // The tab in front of a person holds the lookers' lock: the worker's rounds leave it the sending.
    expect(await lookers(page)).toBe(1);
    await page.close();
    await scene.server.restart();

    // A page of the origin that runs none of the app, to reach the worker through DevTools.
    const bystander = await context.newPage();
    await bystander.goto(`${scene.server.url}/favicon.svg`);
    expect(await lookers(bystander)).toBe(0);
    await dispatchSync(bystander, scene.server.url, OUTBOX_SYNC_TAG);

    await expect
      .poll(async () => (await api.history(item.id)).filter((e) => e.delta === -2).length, {
        timeout: 60_000,
      })
      .toBe(1);
    expect((await api.item(item.id)).quantity).toBe(item.quantity - 2);
    await context.close();
  });
});
