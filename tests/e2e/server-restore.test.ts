/**
 * After a server restore (docs/client.md#after-a-server-restore), in the browser: a change the
 * phone saw confirmed after the backup was taken is missing from the restored server. The phone
 * meets the new epoch when the person signs in again (the session went with the restore), puts the
 * change in Review in the words of docs/client.md, sends nothing by itself, and **Send again**
 * confirms it, applied once (the same operation id).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserScenario } from '../support/reliability';
import { runTs } from '../api/support/commands';
import { adjustStock, deviceChangeLabel, LABEL, nav, openItem } from './support/app';
import { seriousViolations } from './support/axe';
import { NETWORK_FAULTS, expectConsole, goOffline, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();
// The server is stopped and restored from a backup older than the phone's session on purpose:
// Chromium logs the refused requests and the session the restored server no longer knows (401:
// signing out, and the manager's list of people that Settings asks for).
beforeEach(() =>
  expectConsole(
    ...NETWORK_FAULTS,
    /Failed to load resource: the server responded with a status of 401 \(Unauthorized\) \(\S+\/api\/(session|users)\)$/,
  ),
);

const LOST =
  /^Needs review: Confirmed on .+, but the server was restored from an earlier backup and no longer has this change\.$/;

async function openReview(page: Page): Promise<void> {
  await nav(page, 'Activity').click();
  await page.getByRole('link', { name: /^Review \d+ changes?$/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
}

describe('after a server restore', () => {
  beforeEach(browserScenario);
  it('a confirmed change the backup lacks goes to Review; Send again confirms it, applied once', async () => {
    const env = scene.server.environment;
    const file = `${env['DATABASE_URL']!.replace(/^sqlite:/, '')}.backup`;
    const backup = await runTs('src/server/cli/backup.ts', [file], env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);

    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await openItem(page, item.name);
    await adjustStock(page, -1);
    await expect.poll(() => deviceChangeLabel(page).textContent()).toBe(LABEL.confirmed);
    expect((await api.item(item.id)).quantity).toBe(item.quantity - 1);

    await scene.server.stop();
    const restore = await runTs('src/server/cli/restore.ts', [file], env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    await scene.server.restart();
    const restored = await scene.server.api();
    expect((await restored.item(item.id)).quantity).toBe(item.quantity);

    // The person signs in again (the session went with the restore): the phone meets the epoch.
    await nav(page, 'Settings').click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('form', { name: 'Sign in' }).getByLabel('Username').waitFor();
    await signInUi(page, scene.server.url);

    await openReview(page);
    const card = page.getByRole('article').filter({ hasText: item.name });
    await expect.poll(() => card.locator('.state-label').textContent()).toMatch(LOST);
    await card.getByRole('button', { name: 'Enter again as new' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing was sent by itself.
    expect((await restored.item(item.id)).quantity).toBe(item.quantity);

    // The change's own screen offers Send again once (its check-and-resend button), not twice.
    await card.getByRole('link').first().click();
    await page.getByRole('button', { name: 'Enter again as new' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send again' }).count()).toBe(1);
    await openReview(page);

    await card.getByRole('button', { name: 'Send again' }).click();
    await openItem(page, item.name);
    await expect.poll(() => deviceChangeLabel(page).textContent()).toBe(LABEL.confirmed);
    expect((await restored.item(item.id)).quantity).toBe(item.quantity - 1);
    const history = await restored.history(item.id);
    const ids = history.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    await context.close();
  });

  it('a phone whose session outlives the restore meets it when it comes online, not an hour later', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    // Signed in before the backup: the restored server still knows this session, and the
    // phone's lease is fresh, so neither a sign-in nor a lease refresh would tell it.
    await signInUi(page, scene.server.url);
    const env = scene.server.environment;
    const file = `${env['DATABASE_URL']!.replace(/^sqlite:/, '')}.valid-session.backup`;
    const backup = await runTs('src/server/cli/backup.ts', [file], env);
    expect(backup.code).toBe(0);
    await openItem(page, item.name);
    await adjustStock(page, -1);
    await expect.poll(() => deviceChangeLabel(page).textContent()).toBe(LABEL.confirmed);

    await goOffline(context);
    await scene.server.stop();
    const restore = await runTs('src/server/cli/restore.ts', [file], env);
    expect(restore.code).toBe(0);
    await scene.server.restart();
    await context.setOffline(false);

    // Online again: the phone asks which database the server runs and meets the restore.
    await openReview(page);
    const card = page.getByRole('article').filter({ hasText: item.name });
    await expect
      .poll(() => card.locator('.state-label').textContent(), { timeout: 30_000 })
      .toMatch(LOST);
    expect((await (await scene.server.api()).item(item.id)).quantity).toBe(item.quantity);
    await context.close();
  });
});
