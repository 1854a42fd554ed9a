/**
 * Deadlines as a person meets them, on a server with short leases: the warning banner while sent
 * work waits for a server that is away, and a never-sent change moved to a fresh lease (re-keyed)
 * while a screen shows it: the screen keeps it, under its new id.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserScenario } from '../support/reliability';
import {
  LABEL,
  adjustStock,
  deviceChangeLabel,
  eventually,
  nav,
  openItem,
  operationIdOnDetail,
} from './support/app';
import { signInUi } from './support/sign-in';
import { expectConsole, goOffline, NETWORK_FAULTS, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

// Leases of 2 minutes: a deadline is always "close", so the banner shows for any frozen work.
const scene = useScene({ LEASE_TTL: '2m', RECEIPT_TTL: '2m' });
// The network goes off and the server refuses old work on purpose: Chromium logs those requests.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

/** The deadlines of the leases this device holds (its IndexedDB), as ms. */
function leaseDeadlines(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('stockroom');
        open.onerror = () => reject(new Error('no local database'));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('leases').objectStore('leases').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { deadline: string }[]).map((l) => Date.parse(l.deadline)));
          };
        };
      }),
  );
}

describe('deadlines', () => {
  beforeEach(browserScenario);

  it('sent work waiting for the server: the banner says by when it must get there', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await nav(page, 'Settings').click();
    const settings = await page
      .getByText(/^Changes made now must reach the server by .+\.$/)
      .textContent();
    const deadline = /by (.+)\.$/.exec(settings ?? '')?.[1] ?? '';
    expect(deadline).toMatch(/^\w{3} \d{2}:\d{2}$/);
    await openItem(page, item.name);

    // Two changes made offline, then sent together to a server that is gone: both may have left.
    await goOffline(context);
    await adjustStock(page, -1);
    await adjustStock(page, -2);
    await scene.server.stop();
    await context.setOffline(false);
    const banner = page.getByText(
      `2 changes must reach the server by ${deadline} or they will need review.`,
      { exact: true },
    );
    await banner.waitFor({ timeout: 60_000 });

    await scene.server.restart();
    await expect
      .poll(async () => (await api.item(item.id)).quantity, { timeout: 90_000 })
      .toBe(item.quantity - 3);
    await banner.waitFor({ state: 'detached', timeout: 60_000 });
    const journal = await api.history(item.id);
    expect(journal.filter((e) => e.delta === -1)).toHaveLength(1);
    expect(journal.filter((e) => e.delta === -2)).toHaveLength(1);
    await context.close();
  });

  it('a change moved to a fresh lease stays on the screens that hold it', async () => {
    await scene.server.restart({ LEASE_TTL: '15s', RECEIPT_TTL: '15s' });
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await openItem(page, item.name);
    // A second tab, open before the network drops (a tab opened offline would not know it is
    // offline: Chromium forgets the test's offline emulation in a document that swaps process for
    // the server's Cross-Origin-Opener-Policy, and its sender would try at once).
    const detail = await context.newPage();
    await detail.goto(scene.server.url);
    await detail.getByRole('heading', { level: 1, name: 'Items' }).waitFor();

    await goOffline(context);
    await adjustStock(page, -1);
    const saved = page.getByRole('form', { name: 'Adjust stock' }).getByRole('status');
    await expect.poll(() => saved.textContent()).toMatch(new RegExp(`: ${LABEL.queued}$`));
    // The second tab holds the change's detail view, reached through the "Saved" link.
    const link = (await saved.getByRole('link').getAttribute('href')) ?? '';
    await detail.evaluate((hash) => {
      location.hash = hash;
    }, link);
    await detail.locator('#main').getByText(LABEL.queued, { exact: true }).waitFor();
    const firstId = await operationIdOnDetail(detail);

    // Its lease runs out before the device is back online: the change never left, so it moves.
    const [deadline = 0] = await leaseDeadlines(page);
    await eventually(
      () => page.evaluate(() => Date.now()),
      (now) => now > deadline + 1000,
      'the lease deadline passing',
      60_000,
    );
    await context.setOffline(false);

    await detail
      .locator('#main')
      .getByText(LABEL.confirmed, { exact: true })
      .waitFor({ timeout: 60_000 });
    const movedId = await operationIdOnDetail(detail);
    expect(movedId).not.toBe(firstId);
    await expect.poll(() => saved.textContent()).toMatch(new RegExp(`: ${LABEL.confirmed}$`));
    expect(await deviceChangeLabel(page).textContent()).toBe(LABEL.confirmed);
    await saved.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: /./ }).waitFor();
    expect(await operationIdOnDetail(page)).toBe(movedId);

    const journal = await api.history(item.id);
    expect(journal.filter((e) => e.delta === -1).map((e) => e.operationId)).toEqual([movedId]);
    await context.close();
  });
});
