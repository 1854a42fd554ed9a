/**
 * The sender never parks for good while the app is open
 * (docs/client.md#when-the-sender-looks-again). The server stops for longer than the automatic
 * attempts take while the browser stays online (no online/offline event ever fires), three changes
 * are made and rest as "Stored · waiting to retry"; the server returns and they reach it by
 * themselves, with no tap, each applied once, and the status bar says Online again.
 *
 * Real time on purpose: the app's own policy (8 automatic attempts, full jitter from 1 s, at most
 * about 2 minutes in all; then a check at least every 2 minutes). The outage lasts until the first
 * change rests as waiting AND at least 3 minutes have passed (the figure), so it is always
 * longer than the automatic attempts. About 5 minutes; not repeated by `npm run torture`.
 *
 * The service worker is blocked: its Background Sync (Chromium only) drains the outbox on its own,
 * on Chromium's retry schedule (5 minutes after a failed sync, then 15), which can happen to fall
 * inside the 150 s and hide a parked sender. What is tested is the open app's own sender, the only
 * one on browsers without Background Sync (Firefox, Safari).
 */
import { beforeEach, describe, expect, it } from 'vitest';
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

describe('a server outage longer than the automatic attempts, the browser online throughout', () => {
  it('three changes reach the server by themselves once it returns, each once; the page says Online', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser, { blockServiceWorker: true });
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
      const stoppedAt = Date.now();
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
      await expect.poll(() => state.textContent(), { timeout: 200_000 }).toBe(LABEL.waiting);
      await page.getByText(/Stockroom checks again by itself at .+/).waitFor();
      expect(await status.textContent()).toMatch(/^Server unreachable · checking again at .+/);
      await eventually(
        () => Promise.resolve(Date.now() - stoppedAt),
        (elapsed) => elapsed >= OUTAGE_MS,
        'the outage lasts at least 3 minutes',
        OUTAGE_MS,
      );
      await openItem(page, item.name);
      expect(await page.getByLabel('Confirmed quantity').textContent()).toBe(String(item.quantity));

      // The server returns. Nobody taps anything; the browser says nothing about the network.
      await scene.server.restart();
      const changes = page.getByRole('region', { name: "This device's changes" });
      await expect
        .poll(() => changes.getByText(LABEL.confirmed, { exact: true }).count(), {
          timeout: BACK_WITHIN_MS,
        })
        .toBe(3);
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
