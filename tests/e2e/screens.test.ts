/**
 * Every screen in real Chromium: axe finds no serious or critical issue, and the README's
 * screenshots (Items, an unknown operation's detail, the Tester panel) are taken from the real app.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { LABEL, adjustStock, nav, openItem } from './support/app';
import { signInUi } from './support/sign-in';
import { seriousViolations } from './support/axe';
import { expectConsole, goOffline, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene();
const SHOTS = 'docs/screenshots';
const OPERATIONS = /\/api\/operations(\/.*)?$/;

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  // page.route below sees the page's own requests only with the service worker out of the way.
  context = await newPhoneContext(scene.browser, { blockServiceWorker: true });
  page = await context.newPage();
});

afterAll(async () => {
  await context.close();
});

/** The whole screen in one picture, with the bottom navigation where a phone shows it. */
async function screenshot(name: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize(viewport);
}

async function expectAccessible(screen: string): Promise<void> {
  expect(await seriousViolations(page), screen).toEqual([]);
}

describe('screens', () => {
  it('sign-in', async () => {
    await page.goto(scene.server.url);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectAccessible('sign-in');
  });

  it('sign-in in the dark theme (layout-screens.test.ts checks every other screen in both)', async () => {
    const dark = await newPhoneContext(scene.browser, { colorScheme: 'dark' });
    const p = await dark.newPage();
    await p.goto(scene.server.url);
    await p.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(p), 'sign-in (dark)').toEqual([]);
    await dark.close();
  });

  it('items, item, activity, settings', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    await signInUi(page, scene.server.url);
    await page.getByRole('link', { name: item.name, exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/items.png` });
    await expectAccessible('items');

    await openItem(page, item.name);
    await expectAccessible('item');
    await nav(page, 'Activity').click();
    await expectAccessible('activity');
    await nav(page, 'Settings').click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expectAccessible('settings');
  });

  it('an unknown operation, its detail, and the tester panel', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    await openItem(page, item.name);

    // The first send reaches the server and its answer is cut off; then the device goes offline,
    // so the outcome stays unknown while the screen is examined. (Chromium logs the cut answer
    // and, with no service worker here to serve it, the icon it asks for offline.)
    expectConsole(
      /Failed to load resource: net::ERR_CONNECTION_RESET \(\S+\/api\/operations\)$/,
      /Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(\S+\/favicon\.svg\)$/,
    );
    let first = true;
    await page.route(OPERATIONS, async (route) => {
      if (!first) return route.abort('internetdisconnected');
      first = false;
      await route.fetch();
      await goOffline(context);
      return route.abort('connectionreset');
    });
    await adjustStock(page, -2);
    await page
      .getByRole('region', { name: "This device's changes" })
      .getByRole('link')
      .first()
      .click();
    await page
      .locator('#main')
      .getByText(LABEL.unknown, { exact: true })
      .waitFor({ timeout: 30_000 });
    await page
      .getByText(
        /^No result was received for ".+"\. The change may already be confirmed\. Stockroom uses the same operation identity, so checking again cannot apply it twice\.$/,
      )
      .waitFor();
    await page.getByRole('button', { name: 'Check and resend safely' }).waitFor();
    await screenshot('unknown-operation');
    await expectAccessible('operation detail (unknown)');

    // Back online (which starts a new round by itself): the same id is checked and confirmed;
    // the tester panel then shows both sides of it.
    await page.unroute(OPERATIONS);
    await context.setOffline(false);
    await page.getByText(LABEL.confirmed, { exact: true }).first().waitFor({ timeout: 60_000 });

    await nav(page, 'Tester').click();
    await page.getByRole('button', { name: 'Drop next response' }).waitFor();
    const timeline = page.getByRole('table');
    await expect.poll(() => timeline.getByText('Server').count()).toBeGreaterThan(0);
    await screenshot('tester');
    await expectAccessible('tester');
  });

  it('the tester panel drives the server', async () => {
    const api = await scene.server.api();
    const faults = async (): Promise<unknown> =>
      ((await api.get('/api/sim/faults')).body as { rules: { fault: string }[] }).rules.map(
        (r) => r.fault,
      );
    await nav(page, 'Tester').click();
    const status = page.getByRole('region', { name: 'Faults', exact: true }).getByRole('status');

    await page.getByRole('button', { name: 'Drop next response' }).click();
    await expect.poll(() => status.textContent()).toMatch(/response will be dropped/);
    expect(await faults()).toEqual(['drop-response']);
    const armed = page.getByRole('list', { name: 'Armed faults' });
    await armed.getByRole('button', { name: 'Remove' }).click();
    await armed.waitFor({ state: 'detached' });
    expect(await faults()).toEqual([]);

    const before = await api.now();
    await page.getByLabel('Advance by').fill('2');
    await page.getByLabel('Unit').selectOption('hours');
    await page.getByRole('button', { name: 'Advance clock' }).click();
    await expect.poll(() => status.textContent()).toMatch(/^Server clock is now /);
    expect((await api.now()) - before).toBeGreaterThanOrEqual(2 * 3_600_000);

    await page.getByRole('button', { name: 'Run cleanup' }).click();
    await expect
      .poll(() => status.textContent())
      .toMatch(/receipts? older than 2 days .*; .*remove/);
  });

  it('review (empty here; review.test.ts checks it with changes in it)', async () => {
    await page.goto(`${scene.server.url}/#/review`);
    await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
    await expectAccessible('review');
  });
});
