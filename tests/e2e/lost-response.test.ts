/**
 * Seed 002's decisive case in a real browser: the server commits a change and the reply is lost.
 * The app must say it does not know (never "failed"), recover with the same operation id, end
 * "Confirmed", and the server must hold exactly one effect.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browserScenario } from '../support/reliability';
import type { Page } from 'playwright-core';
import type { Api } from '../api/support/api';
import {
  FORBIDDEN,
  LABEL,
  adjustStock,
  deviceChangeLabel,
  openItem,
  recordLabels,
} from './support/app';
import { signInUi } from './support/sign-in';
import { NETWORK_FAULTS, expectConsole, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene();
// Replies are dropped and connections cut on purpose: Chromium logs each broken request.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

interface Breakage {
  /** Before the change is saved: break the reply of its first send. */
  before(): Promise<unknown>;
  /** Once the app has shown that it does not know the outcome. */
  afterUnknown?(): Promise<void>;
}

const showsUnknown = (labels: string[]): boolean =>
  labels.some((l) => l.includes(LABEL.unknown) || l.includes(LABEL.checking));

/**
 * Makes one −2 change on a demo item while `breakage` loses its reply; checks what the app said,
 * that it ends confirmed, and that the server holds one effect. Returns the operation id.
 */
async function lostReplyScenario(api: Api, page: Page, breakage: Breakage): Promise<string> {
  const item = await demoItem(api);
  const journalBefore = await api.history(item.id);
  await signInUi(page, scene.server.url);
  await openItem(page, item.name);
  const labels = await recordLabels(page);

  await breakage.before();
  await adjustStock(page, -2);
  await expect.poll(async () => showsUnknown(await labels()), { timeout: 30_000 }).toBe(true);
  await breakage.afterUnknown?.();

  await expect
    .poll(() => deviceChangeLabel(page).textContent(), { timeout: 60_000 })
    .toBe(LABEL.confirmed);
  expect((await labels()).filter((l) => FORBIDDEN.test(l))).toEqual([]);

  // Exactly one effect on the server, and the quantity moved once.
  const journal = await api.history(item.id);
  const added = journal.filter((e) => !journalBefore.some((b) => b.operationId === e.operationId));
  expect(added.map((e) => e.delta)).toEqual([-2]);
  expect((await api.item(item.id)).quantity).toBe(item.quantity - 2);
  await expect
    .poll(() => page.getByLabel('Confirmed quantity').textContent())
    .toBe(String(item.quantity - 2));
  return added[0]?.operationId ?? '';
}

describe('a reply lost after the server committed', () => {
  beforeEach(browserScenario);
  it('tester fault drop-response: outcome unknown, checked with the same id, confirmed once', async () => {
    const api = await scene.server.api();
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    const opId = await lostReplyScenario(api, page, {
      // Every reply is dropped until the app says it does not know. (One drop is not enough:
      // Chromium silently repeats a POST whose reused keep-alive connection closes before any
      // byte of the answer, with the same attempt id, up to twice.)
      before: () => api.fault({ fault: 'drop-response', times: 1_000 }),
      afterUnknown: async () => {
        await api.clearFaults();
        // The next resend waits a little, so "Checking outcome…" stays on screen a while.
        await api.fault({ fault: 'delay', delayMs: 1500 });
      },
    });
    const events = (await api.timeline(opId)).map((e) => e.event);
    expect(events.filter((e) => e === 'committed')).toHaveLength(1);
    expect(events.filter((e) => e === 'response-dropped').length).toBeGreaterThan(0);
    expect(events).toContain('replay-returned');
    await context.close();
  });

  it('connection cut by the browser after the server answered (page.route)', async () => {
    const api = await scene.server.api();
    // page.route sees the page's own requests; keep the service worker out of the way.
    const context = await newPhoneContext(scene.browser, { blockServiceWorker: true });
    const page = await context.newPage();
    let cut = 0;
    await lostReplyScenario(api, page, {
      before: () =>
        page.route(/\/api\/operations(\/batch)?$/, async (route) => {
          if (cut > 0 || route.request().method() !== 'POST') return route.fallback();
          cut += 1;
          await route.fetch(); // the server commits and answers...
          return route.abort('connectionreset'); // ...and the page never gets the answer
        }),
    });
    expect(cut).toBe(1);
    await context.close();
  });
});
