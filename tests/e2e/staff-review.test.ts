/**
 * docs/client.md#fixing-mistakes and docs/api.md#roles: staff resolve their
 * own review items by **Discard** or **Enter again as new**; only a manager resends with **Allow
 * negative (count later)**, a checkbox staff never see (the server refuses it from them anyway:
 * tests/api/roles.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserScenario } from '../support/reliability';
import { adjustStock, nav, openItem } from './support/app';
import { newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();
const ALLOW_NEGATIVE = 'Allow negative (count later)';

/** Saves a change that would take the item below zero and opens it once it is in review. */
async function changeInReview(page: Page, itemName: string, delta: number): Promise<void> {
  await openItem(page, itemName);
  await adjustStock(page, delta);
  await page
    .getByRole('region', { name: "This device's changes" })
    .getByRole('link')
    .first()
    .click();
  await page
    .locator('#main')
    .getByText('Needs review: stock would go below zero', { exact: true })
    .waitFor({ timeout: 30_000 });
}

describe('review actions by role', () => {
  beforeEach(browserScenario);

  it('staff see Discard and Enter again as new, never Allow negative; Discard resolves it', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url, 'demo');
    await openItem(page, item.name);
    await page.getByRole('form', { name: 'Adjust stock' }).waitFor();
    expect(await page.getByLabel(ALLOW_NEGATIVE).count()).toBe(0);

    await changeInReview(page, item.name, -(item.quantity + 50));
    await page.getByRole('button', { name: 'Enter again as new' }).waitFor();
    await page.getByRole('button', { name: 'Discard' }).waitFor();
    expect(await page.getByLabel(ALLOW_NEGATIVE).count()).toBe(0);

    // Enter again as new: the form, prefilled, still without the manager's checkbox.
    await page.getByRole('button', { name: 'Enter again as new' }).click();
    await page.getByRole('heading', { level: 1, name: 'Enter again as new' }).waitFor();
    const form = page.getByRole('form', { name: 'Adjust stock' });
    expect(await form.getByLabel('Change', { exact: true }).inputValue()).toBe(
      String(-(item.quantity + 50)),
    );
    expect(await form.getByLabel(ALLOW_NEGATIVE).count()).toBe(0);
    await page.goBack();

    // Discard, with a note: resolved, nothing changed on the server.
    await page.getByLabel('Note for discarding (why)').fill('miscounted, the shelf is fine');
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByText(/^You discarded it /).waitFor();
    expect((await api.item(item.id)).quantity).toBe(item.quantity);
    await context.close();
  });

  it('a manager enters it again as new with Allow negative, and it is applied', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url, 'manager');
    await changeInReview(page, item.name, -(item.quantity + 2));
    await page.getByRole('button', { name: 'Enter again as new' }).click();
    const form = page.getByRole('form', { name: 'Adjust stock' });
    await form.getByLabel(ALLOW_NEGATIVE).check();
    await form.getByRole('button', { name: 'Save change' }).click();
    await page.getByRole('link', { name: 'open the new change' }).waitFor();
    await expect.poll(async () => (await api.item(item.id)).quantity, { timeout: 30_000 }).toBe(-2);
    await nav(page, 'Activity').waitFor();
    await context.close();
  });
});
