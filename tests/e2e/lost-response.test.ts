/**
 * Seed 002's decisive case in a real browser: the server commits a change and the reply is lost.
 * The app must say it does not know (never "failed"), recover with the same operation id, end
 * "Confirmed", and the server must hold exactly one effect.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Api } from '../api/support/api';
import {
  FORBIDDEN,
  LABEL,
  adjustStock,
  deviceChangeLabel,
  openItem,
  recordLabels,
  signInUi,
} from './support/app';
import { newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene();

/** Makes one −2 change on a demo item while `arrange` breaks its first reply; checks the outcome. */
async function lostReplyScenario(
  api: Api,
  page: Page,
  arrange: () => Promise<void>,
): Promise<void> {
  const item = await demoItem(api);
  const journalBefore = await api.history(item.id);
  await signInUi(page, scene.server.url);
  await openItem(page, item.name);
  const labels = await recordLabels(page);

  await arrange();
  await adjustStock(page, -2);

  await expect
    .poll(() => deviceChangeLabel(page).textContent(), { timeout: 60_000 })
    .toBe(LABEL.confirmed);
  const seen = await labels();
  expect(
    seen.some((l) => l.includes(LABEL.unknown) || l.includes(LABEL.checking)),
    seen.join(' | '),
  ).toBe(true);
  expect(seen.filter((l) => FORBIDDEN.test(l))).toEqual([]);

  // Exactly one effect on the server, and the quantity moved once.
  const journal = await api.history(item.id);
  const added = journal.filter((e) => !journalBefore.some((b) => b.operationId === e.operationId));
  expect(added.map((e) => e.delta)).toEqual([-2]);
  expect((await api.item(item.id)).quantity).toBe(item.quantity - 2);
  await expect
    .poll(() => page.getByLabel('Confirmed quantity').textContent())
    .toBe(String(item.quantity - 2));
}

describe('a reply lost after the server committed', () => {
  it('tester fault drop-response: outcome unknown, checked with the same id, confirmed once', async () => {
    const api = await scene.server.api();
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await lostReplyScenario(api, page, async () => {
      await api.fault({ fault: 'drop-response' });
      // The resend waits a little, so "Checking outcome…" is on screen long enough to see.
      await api.fault({ fault: 'delay', delayMs: 1500 });
    });
    await context.close();
  });

  it('connection cut by the browser after the server answered (page.route)', async () => {
    const api = await scene.server.api();
    // page.route sees the page's own requests; keep the service worker out of the way.
    const context = await newPhoneContext(scene.browser, { blockServiceWorker: true });
    const page = await context.newPage();
    let cut = 0;
    await lostReplyScenario(api, page, async () => {
      await page.route(/\/api\/operations(\/batch)?$/, async (route) => {
        if (cut > 0 || route.request().method() !== 'POST') return route.fallback();
        cut += 1;
        await route.fetch(); // the server commits and answers...
        return route.abort('connectionreset'); // ...and the page never gets the answer
      });
    });
    expect(cut).toBe(1);
    await context.close();
  });
});
