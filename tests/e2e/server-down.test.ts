/**
 * The server goes away and comes back: changes wait on the device ("Saved on this device"), then
 * drain by themselves, each applied once. And with the server gone and the browser offline, a
 * reload still opens the app with this device's items (the service worker's precached shell).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browserScenario } from '../support/reliability';
import { FORBIDDEN, LABEL, adjustStock, nav, openItem, recordLabels } from './support/app';
import { signInUi } from './support/sign-in';
import { expectConsole, goOffline, NETWORK_FAULTS, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene();
// The server is stopped on purpose: Chromium logs the requests that meet it.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

interface WhileDown {
  /** Every label recorded so far ("<summary>: <label>" for operation rows). */
  labels: () => Promise<string[]>;
  /** The summaries of the two changes made while the server is down. */
  first: string;
  second: string;
}

/**
 * Stops the server, makes two changes (the first one is how the app finds out the server is gone),
 * runs `whileDown`, restarts the server on the same data and port, and checks that both changes
 * drain by themselves, each applied exactly once.
 */
async function downThenBack(whileDown: (w: WhileDown) => Promise<void>): Promise<void> {
  const api = await scene.server.api();
  const item = await demoItem(api);
  const context = await newPhoneContext(scene.browser);
  try {
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await openItem(page, item.name);
    const labels = await recordLabels(page);
    const first = `Remove 1 from ${item.name}`;
    const second = `Remove 3 from ${item.name}`;

    await scene.server.stop();
    await adjustStock(page, -1);
    await page.getByRole('status').filter({ hasText: 'server unreachable' }).waitFor();
    await adjustStock(page, -3, 'Damaged');
    await whileDown({ labels, first, second });
    await expect.poll(() => nav(page, 'Activity').textContent()).toContain('2 not yet confirmed');
    expect(await page.getByLabel('Confirmed quantity').textContent()).toBe(String(item.quantity));

    await scene.server.restart();
    const changes = page.getByRole('region', { name: "This device's changes" });
    await expect
      .poll(() => changes.getByText(LABEL.confirmed, { exact: true }).count(), {
        timeout: 90_000,
      })
      .toBe(2);
    await expect.poll(() => nav(page, 'Activity').textContent()).toBe('Activity');
    expect((await labels()).filter((l) => FORBIDDEN.test(l))).toEqual([]);

    const journal = await api.history(item.id);
    expect(journal.filter((e) => e.delta === -1)).toHaveLength(1);
    expect(journal.filter((e) => e.delta === -3)).toHaveLength(1);
    expect((await api.item(item.id)).quantity).toBe(item.quantity - 4);
  } finally {
    await context.close();
    // A failure above must not leave the next test without a server.
    if (!scene.server.isRunning) await scene.server.restart();
  }
}

describe('server stopped, then back', () => {
  beforeEach(browserScenario);
  it('keeps changes on the device and drains them once the server returns', async () => {
    await downThenBack(async ({ labels, first, second }) => {
      // Each change is "Saved on this device" first, and nothing claims more while it is down.
      const seen = await labels();
      for (const summary of [first, second]) {
        const own = seen.filter((l) => l.startsWith(`${summary}: `));
        expect(own[0]).toBe(`${summary}: ${LABEL.queued}`);
        expect(own).not.toContain(`${summary}: ${LABEL.confirmed}`);
      }
    });
  });

  it('a change made while the server is known to be unreachable waits: "Saved on this device"', async () => {
    await downThenBack(async ({ labels, first, second }) => {
      // Through the first change's next check, the second is never sent.
      const mark = (await labels()).length;
      await expect
        .poll(async () => (await labels()).slice(mark).includes(`${first}: ${LABEL.checking}`), {
          timeout: 60_000,
        })
        .toBe(true);
      const own = (await labels()).filter((l) => l.startsWith(`${second}: `));
      expect(own).toEqual([`${second}: ${LABEL.queued}`]);
    });
  });

  it('reloads offline: the shell from the service worker, the items from the device', async () => {
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
    await goOffline(context);
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
