/**
 * A phone passed from one person to the next (docs/client.md#shared-phones). Alex makes a change with a
 * note and uses **Sign out and remove data from this device**: refused while the change is not
 * confirmed, allowed once it is; the next person finds nothing of alex's note in IndexedDB, in
 * Cache Storage or on the screens. And a sign-out made offline ends the server session as soon as
 * the phone is back online.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserScenario } from '../support/reliability';
import { FORBIDDEN, LABEL, adjustStock, deviceChangeLabel, nav, openItem } from './support/app';
import { signInUi } from './support/sign-in';
import { expectConsole, goOffline, NETWORK_FAULTS, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene();
// Phones go offline and sessions end on purpose: Chromium logs the requests that meet them.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

/** Everything in the app's IndexedDB, as text (what the next person could read in DevTools). */
function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('stockroom');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const all: Record<string, unknown> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      all[name] = await new Promise((resolve, reject) => {
        const read = db.transaction(name).objectStore(name).getAll();
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => reject(read.error ?? new Error('read failed'));
      });
    }
    db.close();
    return JSON.stringify(all);
  });
}

/** Every Cache Storage entry of the origin: its address and its body. */
function cacheStorageText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        parts.push(`${request.url}\n${response ? await response.text() : ''}`);
      }
    }
    return parts.join('\n');
  });
}

async function sessionToken(page: Page): Promise<string> {
  const { meta } = JSON.parse(await indexedDbText(page)) as {
    meta: { key: string; token?: string }[];
  };
  const token = meta.find((m) => m.key === 'session')?.token;
  if (!token) throw new Error('no session stored on the page');
  return token;
}

/** What the server answers to a signed-in request with this token. */
async function statusWith(token: string): Promise<number> {
  const res = await fetch(`${scene.server.url}/api/items?since=0`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return res.status;
}

describe('a shared phone', () => {
  beforeEach(browserScenario);

  it('remove data: refused while unconfirmed, then nothing of the note is left for the next person', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const note = `alex-private-${randomUUID()}`;
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready; // the app shell is in Cache Storage
    });
    await openItem(page, item.name);

    // Offline, the change waits on the device: removing data now would lose it.
    await goOffline(context);
    await page.getByLabel('Note (optional)').fill(note);
    await adjustStock(page, -1);
    await expect.poll(() => deviceChangeLabel(page).textContent()).toBe(LABEL.queued);
    await nav(page, 'Settings').click();
    const remove = page.getByRole('button', { name: 'Sign out and remove data from this device' });
    await remove.click();
    const refusal = page.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toMatch(/^1 change is not confirmed yet/);
    expect(await refusal.textContent()).not.toMatch(FORBIDDEN);
    expect(await indexedDbText(page)).toContain(note);

    // Back online, the change is confirmed; now the data goes.
    await context.setOffline(false);
    await expect
      .poll(() => nav(page, 'Activity').textContent(), { timeout: 60_000 })
      .toBe('Activity');
    expect(await api.history(item.id)).toContainEqual(expect.objectContaining({ note }));
    await remove.click();
    await page.getByRole('form', { name: 'Sign in' }).getByLabel('Username').waitFor();
    expect(await indexedDbText(page)).not.toContain(note);
    expect(await cacheStorageText(page)).not.toContain(note);

    // The next person signs in on the same phone.
    await page.getByLabel('Username').fill('manager');
    await page.getByLabel('Password').fill('manager');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // They start on Items (not on alex's last screen), with the items pulled again.
    await page.getByRole('link', { name: item.name, exact: true }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain(note);
    await nav(page, 'Activity').click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain(note);
    await openItem(page, item.name);
    // (The item's history below is the server's shared journal, read live, never kept here.)
    expect(
      await page.getByRole('region', { name: "This device's changes" }).textContent(),
    ).not.toContain(note);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
    expect(await indexedDbText(page)).not.toContain(note);
    expect(await cacheStorageText(page)).not.toContain(note);
    await context.close();
  });

  it('a sign-out made offline ends the server session once the phone is back online', async () => {
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    // The screens' code is on the phone before the network goes (it arrives just after sign-in).
    await page.getByRole('heading', { level: 1, name: 'Items' }).waitFor();
    const token = await sessionToken(page);
    expect(await statusWith(token)).toBe(200);

    await goOffline(context);
    await nav(page, 'Settings').click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('form', { name: 'Sign in' }).getByLabel('Username').waitFor();
    expect(await statusWith(token)).toBe(200); // the server has not heard of it yet

    await context.setOffline(false);
    await expect.poll(() => statusWith(token), { timeout: 30_000 }).toBe(401);
    await expect.poll(() => indexedDbText(page)).not.toContain(token);
    await context.close();
  });
});
