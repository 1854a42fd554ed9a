/**
 * The Items screen with 10,000 items: only the rows near the viewport are in the page, whatever
 * the list length, and searching by name, SKU or shelf still finds any of them.
 */
import { describe, expect, it } from 'vitest';
import { createItem } from '../api/support/ops';
import { signInUi } from './support/sign-in';
import { newPhoneContext } from './support/browser';
import { useScene } from './support/scene';

const scene = useScene();
const COUNT = 10_000;

describe('Items with 10,000 items', () => {
  it('renders a window of rows and finds any item', async () => {
    const api = await scene.server.api('manager');
    const lease = await api.lease('bulk-loader');
    for (let start = 0; start < COUNT; start += 500) {
      const bodies = Array.from({ length: Math.min(500, COUNT - start) }, (_, i) =>
        lease.body(createItem(`bulk-${start + i}`, (start + i) % 50)),
      );
      expect((await api.batch(bodies)).status).toBe(200);
    }
    const total = (await api.items()).items.length;
    expect(total).toBeGreaterThanOrEqual(COUNT);

    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    const count = page.getByRole('status').filter({ hasText: /^Showing / });
    await expect
      .poll(() => count.textContent(), { timeout: 60_000 })
      .toBe(`Showing ${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items`);
    const rows = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
    expect(await rows.count()).toBeLessThan(60);

    // Scrolled far down, the rows there are rendered (and still only a window of them).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect
      .poll(async () => Number(await rows.first().getAttribute('aria-posinset')))
      .toBeGreaterThan(1000);
    expect(await rows.count()).toBeLessThan(60);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Search items').fill('SKU-bulk-9876');
    await page.getByRole('link', { name: 'Test item bulk-9876', exact: true }).waitFor();
    expect(await rows.count()).toBe(1);
    await context.close();
  });
});
