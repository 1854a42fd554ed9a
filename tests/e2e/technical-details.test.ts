/**
 * An operation's screen speaks the shop's words first; its id, receipt, attempts, HTTP codes and
 * server phases sit under **Technical details**: one tap away for staff, open for managers. So do
 * an item's revision and its history's operation ids, and Settings' lease.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserScenario } from '../support/reliability';
import { adjustStock, deviceChangeLabel, LABEL, openItem } from './support/app';
import { signInUi } from './support/sign-in';
import { newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { visibleJargon } from './support/jargon';

const scene = useScene();

/** Signs `username` in on a phone, opens the demo item and removes one from its stock. */
async function removeOneAs(username: 'demo' | 'manager') {
  const api = await scene.server.api();
  const item = await demoItem(api);
  const context = await newPhoneContext(scene.browser);
  const page = await context.newPage();
  await signInUi(page, scene.server.url, username);
  await openItem(page, item.name);
  await adjustStock(page, -1);
  return { item, context, page };
}

async function openChange(page: Page): Promise<void> {
  await expect.poll(() => deviceChangeLabel(page).textContent()).toBe(LABEL.confirmed);
  await page
    .getByRole('region', { name: "This device's changes" })
    .getByRole('link')
    .first()
    .click();
  await page.getByRole('status').filter({ hasText: LABEL.confirmed }).first().waitFor();
}

describe('Technical details', () => {
  beforeEach(browserScenario);
  it('staff see the change in plain words; ids and HTTP codes are one tap away', async () => {
    const { context, page } = await removeOneAs('demo');
    await openChange(page);

    const id = page.locator('dt:text-is("Operation id") + dd');
    expect(await id.isVisible()).toBe(false);
    expect(
      await page
        .getByText(/HTTP \d{3}/)
        .first()
        .isVisible(),
    ).toBe(false);
    await page.getByText('Technical details', { exact: true }).click();
    await id.waitFor();
    await page
      .getByText(/HTTP 201/)
      .first()
      .waitFor();
    await context.close();
  });

  it('managers find them open', async () => {
    const { context, page } = await removeOneAs('manager');
    await openChange(page);
    await page.locator('dt:text-is("Operation id") + dd').waitFor();
    await context.close();
  });
});

describe("an item and Settings in the shop's words", () => {
  beforeEach(browserScenario);
  it('staff read no revision, operation id or lease; one tap on Technical details shows them', async () => {
    const { item, context, page } = await removeOneAs('demo');
    await expect.poll(() => deviceChangeLabel(page).textContent()).toBe(LABEL.confirmed);
    const history = page.getByRole('region', { name: 'History' });
    await history.locator('.history-entry').first().waitFor();
    expect(await visibleJargon(page)).toEqual([]);
    // The count's hint says when the stock last changed, not which revision it is based on.
    const hint = page.getByRole('form', { name: 'Stock count' }).locator('.hint');
    expect(await hint.textContent()).toMatch(/^Your count replaces the stock last changed /);

    await history.getByText('Technical details', { exact: true }).click();
    await history.getByText(`Revision ${item.revision + 1}`, { exact: true }).waitFor();
    await history
      .getByText(/^Operation \S+$/)
      .first()
      .waitFor();

    await page.goto(`${scene.server.url}/#/settings`);
    await page.getByText(/^Changes made now must reach the server by /).waitFor();
    expect(await visibleJargon(page)).toEqual([]);
    const deadline = page.getByRole('region', { name: 'Deadline for changes' });
    await deadline.getByText('Technical details', { exact: true }).click();
    await deadline.getByText(/operation ids of this lease used/).waitFor();
    await context.close();
  });

  it('managers find the revision, the ids and the lease open', async () => {
    const { item, context, page } = await removeOneAs('manager');
    await expect.poll(() => deviceChangeLabel(page).textContent()).toBe(LABEL.confirmed);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText(`Revision ${item.revision + 1}`, { exact: true }).waitFor();
    await history
      .getByText(/^Operation \S+$/)
      .first()
      .waitFor();
    await page.goto(`${scene.server.url}/#/settings`);
    await page.getByText(/operation ids of this lease used/).waitFor();
    await context.close();
  });
});
