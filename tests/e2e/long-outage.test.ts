/**
 * The sender never parks for good while the app is open
 * (docs/client.md#when-the-sender-looks-again). The server stops for longer than the automatic
 * attempts take while the browser stays online (no online/offline event ever fires), three changes
 * are made and rest as "Stored · waiting to retry"; the server returns and they reach it by
 * themselves, with no tap, each applied once, and the status bar says Online again.
 *
 * The app's own policy on the page's own clock (8 automatic attempts, full jitter from 1 s, at most
 * about 2 minutes in all; then a check at least every 2 minutes). The outage lasts until the first
 * change rests as waiting AND at least 3 minutes have passed (the figure), so it is always
 * longer than the automatic attempts. Those minutes pass on the page's clock (Playwright's
 * `clock`), a second at a time and only while no request of the page is under way, so every timer
 * of the app fires in its order and no reply is cut short by a jump: the schedule is the real one,
 * without the five minutes of waiting between its steps.
 *
 * The service worker is blocked: its Background Sync (Chromium only) drains the outbox on its own,
 * on Chromium's retry schedule (5 minutes after a failed sync, then 15), which can happen to fall
 * inside the 150 s and hide a parked sender. What is tested is the open app's own sender, the only
 * one on browsers without Background Sync (Firefox, Safari).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  FORBIDDEN,
  LABEL,
  UNREACHABLE,
  adjustStock,
  eventually,
  nav,
  openItem,
  recordLabels,
} from './support/app';
import { NETWORK_FAULTS, expectConsole, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();
// The server is stopped for a long outage on purpose: Chromium logs the requests that meet it.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

const OUTAGE_MS = 3 * 60_000;
/** The promise: everything has reached the server this soon after it returns. */
const BACK_WITHIN_MS = 150_000;
/** How far the page's clock moves in one step: well under a request's 10 s timeout. */
const STEP_MS = 1_000;

/** The page's time (its clock is Playwright's). */
const pageNow = (page: Page): Promise<number> => page.evaluate(() => Date.now());

/**
 * Moves the page's clock on, a step at a time and only while none of its requests is under way,
 * until `done` holds; fails when `limitMs` of the page's time have passed first. Returns the page's
 * time it took.
 */
async function advanceUntil(
  page: Page,
  done: () => Promise<boolean>,
  limitMs: number,
  what: string,
): Promise<number> {
  let underWay = 0;
  const started = (): void => void (underWay += 1);
  const ended = (): void => void (underWay -= 1);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const from = await pageNow(page);
    for (;;) {
      await eventually(
        () => Promise.resolve(underWay),
        (n) => n <= 0,
        `${what}: requests settle`,
      );
      const spent = (await pageNow(page)) - from;
      if (await done()) return spent;
      if (spent > limitMs) throw new Error(`${what}: not within ${limitMs} ms of the page's time`);
      await page.clock.runFor(STEP_MS);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

describe('a server outage longer than the automatic attempts, the browser online throughout', () => {
  it('three changes reach the server by themselves once it returns, each once; the page says Online', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser, { blockServiceWorker: true });
    await context.clock.install();
    try {
      const page = await context.newPage();
      await signInUi(page, scene.server.url);
      await openItem(page, item.name);
      const labels = await recordLabels(page);
      // The browser must never announce a network change: nothing but the sender's own checks.
      await page.evaluate(() => {
        const w = window as unknown as { __networkEvents: string[] };
        w.__networkEvents = [];
        for (const type of ['online', 'offline'])
          window.addEventListener(type, () => w.__networkEvents.push(type));
      });
      const status = page.getByRole('status').filter({ hasText: /^(Online|Offline|Server)/ });

      await scene.server.stop();
      const stoppedAt = await pageNow(page);
      await adjustStock(page, -1);
      await status.filter({ hasText: UNREACHABLE }).waitFor();
      await adjustStock(page, -2);
      await adjustStock(page, -3, 'Damaged');
      await expect.poll(() => nav(page, 'Activity').textContent()).toContain('3 not yet confirmed');

      // "Check and resend safely" while the server is down visibly does something.
      const first = `Remove 1 from ${item.name}`;
      await page.getByRole('link', { name: first, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: first }).waitFor();
      await page.getByRole('button', { name: 'Check and resend safely' }).click();
      await page.getByText(/^Still no answer; checking again at .+/).waitFor();
      expect(await labels()).toContain(LABEL.checking);

      // The automatic attempts run out: it rests, and the detail says when it is checked again.
      const state = page.locator('.state-label');
      await advanceUntil(
        page,
        async () => (await state.textContent()) === LABEL.waiting,
        200_000,
        'the automatic attempts run out',
      );
      await page.getByText(/Stockroom checks again by itself at .+/).waitFor();
      expect(await status.textContent()).toMatch(/^Server unreachable · checking again at .+/);
      await advanceUntil(
        page,
        async () => (await pageNow(page)) - stoppedAt >= OUTAGE_MS,
        OUTAGE_MS,
        'the outage lasts at least 3 minutes',
      );
      await openItem(page, item.name);
      expect(await page.getByLabel('Confirmed quantity').textContent()).toBe(String(item.quantity));

      // The server returns. Nobody taps anything; the browser says nothing about the network.
      await scene.server.restart();
      const changes = page.getByRole('region', { name: "This device's changes" });
      await advanceUntil(
        page,
        async () => (await changes.getByText(LABEL.confirmed, { exact: true }).count()) === 3,
        BACK_WITHIN_MS,
        'the three changes are confirmed once the server is back',
      );
      await expect.poll(() => status.textContent()).toBe('Online');
      await expect.poll(() => nav(page, 'Activity').textContent()).toBe('Activity');
      expect(
        await page.evaluate(
          () => (window as unknown as { __networkEvents: string[] }).__networkEvents,
        ),
      ).toEqual([]);
      expect((await labels()).filter((l) => FORBIDDEN.test(l))).toEqual([]);

      // Each applied exactly once, on the server's own journal.
      const journal = await api.history(item.id);
      for (const delta of [-1, -2, -3]) {
        expect(journal.filter((e) => e.delta === delta)).toHaveLength(1);
      }
      expect((await api.item(item.id)).quantity).toBe(item.quantity - 6);
    } finally {
      await context.close();
      // A failure above must not leave the next test without a server.
      if (!scene.server.isRunning) await scene.server.restart();
    }
  }, 600_000);
});
