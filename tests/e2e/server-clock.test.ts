/**
 * Two phones and a tester's clock: the manager's phone moves the server's clock past every lease
 * (Tester → Advance clock); the staff phone, signed in before, learns the server's time from the
 * first refusal itself (410 `now`), says why that change was not applied, and takes a fresh lease:
 * the next change is confirmed, also after a reload. Without that it would get "Not applied" for
 * every new change, reloads and sign-ins alike.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browserScenario } from '../support/reliability';
import type { Page } from 'playwright-core';
import { adjustStock, deviceChangeLabel, LABEL, nav, openItem } from './support/app';
import { signInUi } from './support/sign-in';
import { NETWORK_FAULTS, expectConsole, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene({ LEASE_TTL: '1h', RECEIPT_TTL: '1h' });
// The server refuses the late change on purpose (410): Chromium logs it.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

const NOT_APPLIED = 'Not applied — safe to enter again';

/** The state label of this device's change "<summary>" on the open item. */
function changeLabel(page: Page, summary: string): Promise<string | null> {
  return page
    .getByRole('region', { name: "This device's changes" })
    .locator('.op-row', { has: page.getByRole('link', { name: summary, exact: true }) })
    .locator('.op-row__label')
    .textContent();
}

describe("the server's clock, learned from a refusal", () => {
  beforeEach(browserScenario);
  it('after a tester moves the clock, another phone takes a fresh lease and says why', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);

    const staff = await newPhoneContext(scene.browser);
    const phone = await staff.newPage();
    await signInUi(phone, scene.server.url, 'demo');
    await openItem(phone, item.name);

    // The tester's phone moves the server's clock two hours on: every lease of 1 h is over.
    const tester = await newPhoneContext(scene.browser);
    const testerPage = await tester.newPage();
    await signInUi(testerPage, scene.server.url, 'manager');
    await nav(testerPage, 'Tester').click();
    const clock = testerPage.getByRole('form', { name: 'Server clock' });
    await clock.getByLabel('Advance by').fill('2');
    await clock.getByRole('button', { name: 'Advance clock' }).click();
    await testerPage.getByText(/^Server clock is now /).waitFor();
    await tester.close();

    // The first change after it went under the old lease: refused, never applied, and it says why.
    await adjustStock(phone, -1);
    await expect
      .poll(() => deviceChangeLabel(phone).textContent(), { timeout: 30_000 })
      .toBe(NOT_APPLIED);
    await phone
      .getByRole('region', { name: "This device's changes" })
      .getByRole('link')
      .first()
      .click();
    await phone
      .getByText(
        /^The server's clock had already passed this change's deadline \(.+\), so it was never applied/,
      )
      .waitFor();

    // The next change goes under a fresh lease, and is confirmed.
    await openItem(phone, item.name);
    await adjustStock(phone, -2);
    await expect
      .poll(() => changeLabel(phone, `Remove 2 from ${item.name}`), { timeout: 30_000 })
      .toBe(LABEL.confirmed);
    expect((await api.item(item.id)).quantity).toBe(item.quantity - 2);

    // And after a reload too: the fresh lease is this device's own.
    await phone.reload();
    await openItem(phone, item.name);
    await adjustStock(phone, -3);
    await expect
      .poll(() => changeLabel(phone, `Remove 3 from ${item.name}`), { timeout: 30_000 })
      .toBe(LABEL.confirmed);
    expect((await api.item(item.id)).quantity).toBe(item.quantity - 5);
    await staff.close();
  });
});
