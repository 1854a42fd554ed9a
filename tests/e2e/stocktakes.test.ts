/**
 * A stock-take on two phones in real Chromium: a manager starts a blind stock-take; staff count an
 * item offline (no expected quantity on their screen); a sale is recorded meanwhile; the network
 * returns; the manager reviews (counted, changes since, what it becomes) and applies it once. The
 * server's journal holds one stock-take entry with the count plus the later sale.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adjust } from '../api/support/ops';
import { LABEL } from './support/app';
import { goOffline, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { screenshot } from './support/screenshot';
import { signInUi } from './support/sign-in';

const scene = useScene();

const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function phone(user: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPhoneContext(scene.browser);
  contexts.push(context);
  const page = await context.newPage();
  await signInUi(page, scene.server.url, user);
  return { context, page };
}

const stocktakesLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stock-takes' });

describe('stock-takes', () => {
  it('a blind count made offline keeps a later sale, and the manager applies it once', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const manager = await phone('manager');
    const staff = await phone('demo');

    await stocktakesLink(manager.page).click();
    await manager.page.getByLabel('Stock-take name').fill('Back room');
    await manager.page.getByLabel('Blind count').check();
    await manager.page.getByRole('button', { name: 'Start stock-take' }).click();
    const start = manager.page.getByRole('link', { name: 'Back room', exact: true });
    await start.waitFor();

    // Staff open it while online (it is then on the phone), and count offline.
    await stocktakesLink(staff.page).click();
    await staff.page.getByRole('link', { name: 'Back room', exact: true }).click();
    await staff.page.getByText('Blind count: the expected quantity is not shown.').waitFor();
    await goOffline(staff.context);
    // A scanner (or the person) types the item's code: its count opens.
    await staff.page.getByLabel('Item code').fill(item.sku);
    await staff.page.getByRole('button', { name: 'Open item' }).click();
    await staff.page.getByRole('heading', { name: `Count ${item.name}` }).waitFor();
    expect(await staff.page.getByText('Expected:').count()).toBe(0);
    // Five more than the system thought were there.
    await staff.page.getByLabel('Counted quantity').fill(String(item.quantity + 5));
    await staff.page.getByRole('button', { name: 'Save count' }).click();
    await staff.page.getByRole('status').filter({ hasText: LABEL.queued }).waitFor();
    await screenshot(staff.page, 'stocktake-count');

    // The till sells two while the phone is offline.
    const lease = await api.lease('till');
    expect((await api.postOp(lease.body(adjust(item.id, -2)))).status).toBe(201);

    await staff.context.setOffline(false);
    await staff.page.getByRole('status').filter({ hasText: LABEL.confirmed }).waitFor();

    await start.click();
    const review = manager.page.getByRole('region', { name: 'Review' });
    const row = review.getByRole('row').filter({ hasText: item.name });
    // Opened after the count was confirmed: the screen asks the server afresh.
    await expect.poll(() => row.textContent()).toContain(String(item.quantity + 3));
    expect(await row.textContent()).toMatch(/[−-]2/);
    // On a phone the table is a list of rows: each number says which column it is.
    const labels = await row
      .locator('td')
      .evaluateAll((cells) => cells.map((c) => getComputedStyle(c, '::before').content));
    expect(labels).toEqual([
      '"Expected: "',
      '"Counted: "',
      '"Changes since the count: "',
      '"Becomes: "',
    ]);
    await screenshot(manager.page, 'stocktake-review');
    manager.page.once('dialog', (d) => void d.accept());
    await manager.page.getByRole('button', { name: 'Apply stock-take' }).click();
    await manager.page
      .getByRole('region', { name: 'Review' })
      .getByRole('status')
      .filter({ hasText: LABEL.confirmed })
      .waitFor();

    // Counted q + 5 before the sale reached the server; the sale is kept on top: q + 3, once.
    expect((await api.item(item.id)).quantity).toBe(item.quantity + 3);
    const history = await api.history(item.id);
    expect(history.filter((e) => e.reason === 'stocktake')).toMatchObject([
      { delta: 5, resultingQuantity: item.quantity + 3, note: 'Stock-take "Back room"' },
    ]);
    expect(history[1]).toMatchObject({ reason: 'sold', delta: -2 });
  });
});
