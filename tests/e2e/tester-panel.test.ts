/**
 * The tester's bench: the armed faults are listed in words, match the server's rules
 * and are removable one by one; the timeline's server rows are plain words, never raw codes.
 */
import { beforeEach, afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ArmedFaults } from '../../src/protocol/schemas';
import type { Api } from '../api/support/api';
import { LABEL, adjustStock, nav, openItem } from './support/app';
import { NETWORK_FAULTS, expectConsole, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();
// The panel arms faults (dropped replies, a busy server) on purpose: Chromium logs the broken
// requests.
beforeEach(() => expectConsole(...NETWORK_FAULTS));
let context: BrowserContext;
let page: Page;
let api: Api;

beforeAll(async () => {
  api = await scene.server.api();
  context = await newPhoneContext(scene.browser);
  page = await context.newPage();
  await signInUi(page, scene.server.url);
});

afterAll(async () => {
  await context.close();
});

const serverFaults = async (): Promise<string[]> =>
  ArmedFaults.parse((await api.get('/api/sim/faults')).body).rules.map((r) => r.fault);

/** A raw event or fault code such as "attempt-received" or "drop-response". */
const RAW_CODE = /\b[a-z]+-[a-z]+\b/;

describe('the tester panel', () => {
  it('lists the armed faults in words, as the server holds them, and removes one', async () => {
    await nav(page, 'Tester').click();
    await page.getByRole('button', { name: 'Drop next response' }).click();
    const armed = page.getByRole('list', { name: 'Armed faults' });
    await armed.waitFor();
    await page.getByRole('button', { name: 'Make server unavailable' }).click();
    const entries = armed.getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.allTextContents()).toEqual([
      'One-shotDrops the next response after the change is committed · 1 more timeRemove',
      'LastingServer unavailable: refuses changes with 503 · lasting until removedRemove',
    ]);
    expect(await serverFaults()).toEqual(['drop-response', 'unavailable']);

    await entries
      .filter({ hasText: 'Server unavailable' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('Drops the next response');
    expect(await serverFaults()).toEqual(['drop-response']);
  });

  it('the timeline tells both sides of a lost reply in plain words', async () => {
    const item = await demoItem(api);
    await openItem(page, item.name);
    // The armed "drop next response" acts on this change: committed, reply lost, then resent.
    await adjustStock(page, -1);
    await page.getByText(LABEL.confirmed, { exact: true }).first().waitFor({ timeout: 60_000 });
    expect(await serverFaults()).toEqual([]);

    await nav(page, 'Tester').click();
    await page.getByText('No faults armed: the server handles every request normally.').waitFor();
    const serverRows = page.locator('.timeline__row--server td:last-child');
    await expect
      .poll(async () => (await serverRows.allTextContents()).join('\n'))
      .toMatch(/Replayed the stored receipt/);
    const texts = await serverRows.allTextContents();
    for (const text of texts) expect(text).not.toMatch(RAW_CODE);
    expect(texts).toContain('The server received attempt 1');
    expect(texts).toContain('The reply was dropped on purpose');
    expect(texts.filter((t) => t.startsWith('Committed: \u22121 applied, quantity '))).toHaveLength(
      1,
    );
    await page.getByText(/One change, \d+ attempts; the change's identity never changes/).waitFor();

    // At 390 px the operation picker wraps its words instead of cutting them.
    const picker = page.getByRole('group', { name: 'Operation' });
    const overflow = await picker.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await picker.getByRole('radio', { name: new RegExp(`Remove 1 from ${item.name}`) }).waitFor();
  });
});
