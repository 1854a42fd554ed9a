/**
 * Old work lands in Review with the words of docs/client.md, never drained blindly: a change whose
 * lease expired before it reached the server (tester clock moved past LEASE_TTL), and changes
 * imported from an old backup (this device's clock 9 days after the export). Another person's
 * backup is refused on import: nothing of it reaches anyone's Review list.
 */
import { readFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserScenario } from '../support/reliability';
import type { Page } from 'playwright-core';
import { adjustStock, nav, openItem } from './support/app';
import { signInUi } from './support/sign-in';
import { seriousViolations } from './support/axe';
import { NETWORK_FAULTS, expectConsole, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// A short offline window, so "past the deadline" is one hour of tester clock away.
const scene = useScene({ LEASE_TTL: '1h', RECEIPT_TTL: '1h' });
// Leases expire and old backups are checked on purpose: Chromium logs the refusals (410) and
// the requests cut off.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

async function openReview(page: Page): Promise<void> {
  await nav(page, 'Activity').click();
  await page.getByRole('link', { name: /^Review \d+ changes?$/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
}

describe('Review', () => {
  beforeEach(browserScenario);
  it('an expired lease: the change is not applied and waits for a decision', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await openItem(page, item.name);

    // The server refuses before any work, so the change is attempted (its id frozen) but not applied.
    await api.fault({ fault: 'unavailable', times: 1_000_000 });
    await adjustStock(page, -1);
    await page
      .getByRole('region', { name: "This device's changes" })
      .getByRole('link')
      .first()
      .click();
    await expect.poll(() => page.getByText(/^Attempt /).count()).toBeGreaterThan(0);

    await api.advanceClock(HOUR + 60_000);
    await api.clearFaults();
    // Opening the app starts a new round of sending, whatever the backoff had planned.
    await page.reload();

    await openReview(page);
    const card = page.getByRole('article');
    await expect.poll(() => card.getByText(/^Needs review: /).textContent()).toMatch(/deadline/);
    await card.getByRole('button', { name: 'Enter again as new' }).waitFor();
    await card.getByRole('button', { name: 'Discard' }).waitFor();
    await card.getByText(/Saved (just now|\d+ minutes? ago)/).waitFor();
    expect((await api.item(item.id)).quantity).toBe(item.quantity);
    await context.close();
  });

  it('an imported old backup: each change in Review with its age, nothing sent', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const journalBefore = (await api.history(item.id)).length;

    // Device 1 saves a change the server refuses before any work, and exports a backup.
    const old = await newPhoneContext(scene.browser);
    const page1 = await old.newPage();
    await signInUi(page1, scene.server.url);
    await openItem(page1, item.name);
    await api.fault({ fault: 'unavailable', times: 1_000_000 });
    await adjustStock(page1, -2);
    await nav(page1, 'Settings').click();
    const [download] = await Promise.all([
      page1.waitForEvent('download'),
      page1.getByRole('button', { name: 'Export backup' }).click(),
    ]);
    const backup = await readFile(await download.path());
    await old.close();
    await api.clearFaults();

    // Device 2, nine days later by its own clock, imports it.
    const later = await newPhoneContext(scene.browser);
    const page2 = await later.newPage();
    await page2.clock.install({ time: Date.now() + 9 * DAY });
    await signInUi(page2, scene.server.url);
    await nav(page2, 'Settings').click();
    await page2.getByLabel('Import backup').setInputFiles({
      name: 'stockroom-backup.json',
      mimeType: 'application/json',
      buffer: backup,
    });
    await page2.getByText(/^Backup imported/).waitFor();

    await openReview(page2);
    const card = page2.getByRole('article').filter({ hasText: item.name });
    await card.getByText(/Restored from a backup; saved 9 days ago/).waitFor();
    await card
      .getByText(/may no longer remember it/)
      .first()
      .waitFor();
    await card.getByRole('button', { name: 'Enter again as new' }).waitFor();
    await card.getByRole('button', { name: 'Discard' }).waitFor();
    expect(await seriousViolations(page2)).toEqual([]);
    // Imported work is never drained automatically.
    expect((await api.history(item.id)).length).toBe(journalBefore);
    await later.close();
  });

  it("another person's backup is refused on import: nothing lands in Review", async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);

    // demo's phone saves a change the server refuses before any work, and exports a backup.
    const demoPhone = await newPhoneContext(scene.browser);
    const page1 = await demoPhone.newPage();
    await signInUi(page1, scene.server.url, 'demo');
    await openItem(page1, item.name);
    await api.fault({ fault: 'unavailable', times: 1_000_000 });
    await adjustStock(page1, -1);
    await nav(page1, 'Settings').click();
    const [download] = await Promise.all([
      page1.waitForEvent('download'),
      page1.getByRole('button', { name: 'Export backup' }).click(),
    ]);
    const backup = await readFile(await download.path());
    await demoPhone.close();
    await api.clearFaults();

    // The manager imports it on their phone: refused, saying whose it is.
    const managerPhone = await newPhoneContext(scene.browser);
    const page2 = await managerPhone.newPage();
    await signInUi(page2, scene.server.url, 'manager');
    await nav(page2, 'Settings').click();
    await page2.getByLabel('Import backup').setInputFiles({
      name: 'stockroom-backup.json',
      mimeType: 'application/json',
      buffer: backup,
    });
    await page2.getByText(/^This backup holds changes by demo\./).waitFor();
    await nav(page2, 'Activity').click();
    await page2.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    expect(await page2.getByRole('link', { name: /^Review \d+ changes?$/ }).count()).toBe(0);
    expect(await page2.getByText(item.name).count()).toBe(0);
    await managerPhone.close();
  });
});
