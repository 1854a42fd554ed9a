/**
 * The person's language: a browser that asks for German gets the whole app in German, numbers and
 * dates included (1.205, "Di. 14:00", "vor 5 Minuten"); Settings can fix the language on this
 * device, for every later visit; an English browser sees the words of docs/client.md, unchanged.
 * The README's German phone screenshots (light, dark, a busy Activity) come from here.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { LANGUAGES_CACHE } from '../../src/sw/language-files';
import { goOffline, newPhoneContext } from './support/browser';
import {
  cachedUrls,
  clearHttpCache,
  controlledByServiceWorker,
  workerIsOffline,
} from './support/camera-phone';
import { useScene } from './support/scene';
import { adjust, createItem } from '../api/support/ops';

const scene = useScene();
const SHOTS = 'docs/screenshots';
const ITEM_ID = 'language-candle';
const NAME = 'Duftkerze Feige und Johannisbeere, Sojawachs, Geschenkboxmituntertasse';
const NOTE = 'KundinhatdieSchachtelungeöffnetzurückgebracht'.repeat(12).slice(0, 500);
/** 1,200 at creation, +5 with the note: 1,205, where English and German group differently. */
const QUANTITY = { en: '1,205', de: '1.205' };
/** "Di. 14:00" within the week, "8. Dez. 14:00" further away. */
const GERMAN_MOMENT = /(\b(Mo|Di|Mi|Do|Fr|Sa|So)\.|\b\d{1,2}\. [A-Z][a-zä]{2,4}\.?) \d{2}:\d{2}\b/;

const contexts: BrowserContext[] = [];
/** Console errors and uncaught exceptions of every page, each with the page's language. */
const problems: string[] = [];

async function phone(options: { locale: string; colorScheme?: 'light' | 'dark' }): Promise<Page> {
  const context = await newPhoneContext(scene.browser, options);
  contexts.push(context);
  const page = await context.newPage();
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') problems.push(`${options.locale}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${options.locale}: ${e.message}`));
  return page;
}

async function signIn(page: Page, words: { user: string; password: string; submit: string }) {
  await page.goto(scene.server.url);
  await page.getByLabel(words.user).fill('manager');
  await page.getByLabel(words.password).fill('manager');
  await page.getByRole('button', { name: words.submit }).click();
}

const mainNav = (page: Page) => page.getByRole('navigation');

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  const api = await scene.server.api();
  const lease = await api.lease('language-setup');
  const create = { ...createItem(ITEM_ID, 1200, 'DUFT-XL'), name: NAME, location: 'K3' };
  for (const op of [create, adjust(ITEM_ID, 5, { note: NOTE })]) {
    const reply = await api.postOp(lease.body(op));
    expect(reply.body, op.type).toMatchObject({ outcome: 'applied' });
  }
});

afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('a browser that asks for German', () => {
  let page: Page;

  it('shows every screen in German, with German numbers and dates', async () => {
    page = await phone({ locale: 'de-DE' });
    await signIn(page, { user: 'Benutzername', password: 'Passwort', submit: 'Anmelden' });
    await mainNav(page).getByRole('link', { name: 'Artikel', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    expect(await page.getByRole('navigation').getAttribute('aria-label')).toBe('Hauptmenü');

    await page.getByLabel('Artikel suchen').fill('Duftkerze');
    await page.getByText(/^1 von \d+ Artikeln$/).waitFor();
    await page.getByRole('link', { name: NAME, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await page.getByRole('link', { name: 'Zurück zu Artikel' }).waitFor();
    expect(await page.getByLabel('Bestätigte Menge').textContent()).toBe(QUANTITY.de);
    // The server's journal: German words for what happened, and its moment in German.
    const history = page.getByRole('region', { name: 'Verlauf' });
    await history.getByText(/^Anpassung \+5 → 1\.205/).waitFor();
    expect(await history.textContent()).toMatch(GERMAN_MOMENT);
    expect(await history.textContent()).toContain(NOTE);

    // A change made here: its summary and its state words in German, its age too.
    const form = page.getByRole('form', { name: 'Bestand anpassen' });
    await form.getByLabel('Änderung', { exact: true }).fill('-1');
    await form.getByLabel('Grund').selectOption({ label: 'Verkauft' });
    await form.getByRole('button', { name: 'Änderung speichern' }).click();
    const mine = page.getByRole('region', { name: 'Änderungen dieses Geräts' });
    await mine.getByText('Bestätigt', { exact: true }).waitFor({ timeout: 30_000 });
    await mine.getByRole('link', { name: `1 aus ${NAME} entnehmen` }).waitFor();
    await mine.getByText('Gespeichert gerade eben').waitFor();
    expect(problems, 'console errors').toEqual([]);
  });

  it('a busy Activity in German folds identical changes, and confirms them', async () => {
    await goOffline(page.context());
    const form = page.getByRole('form', { name: 'Bestand anpassen' });
    for (let i = 0; i < 25; i += 1) {
      await form.getByLabel('Änderung', { exact: true }).fill('-1');
      await form.getByLabel('Grund').selectOption({ label: 'Verkauft' });
      await form.getByRole('button', { name: 'Änderung speichern' }).click();
      await expect.poll(() => form.getByLabel('Änderung', { exact: true }).inputValue()).toBe('');
    }
    const activity = mainNav(page).getByRole('link', { name: /^Aktivität.*noch nicht bestätigt$/ });
    await activity.click();
    expect(await activity.textContent()).toMatch(/25, 25 noch nicht bestätigt$/);
    await page.getByRole('heading', { level: 1, name: 'Aktivität' }).waitFor();
    await page.getByRole('region', { name: /^Auf diesem Gerät gespeichert/ }).waitFor();
    await page.getByText('× 25', { exact: true }).waitFor();
    await page.getByRole('status').getByText('Offline', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/activity-busy-de.png`, fullPage: true });

    await page.context().setOffline(false);
    const confirmed = page.getByRole('region', { name: /^Bestätigt/ });
    await confirmed.getByText('× 26', { exact: true }).waitFor({ timeout: 60_000 });
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`the item with its long note, wrapped, in the ${scheme} theme; Artikel for the README`, async () => {
      const p = await phone({ locale: 'de-DE', colorScheme: scheme });
      await signIn(p, { user: 'Benutzername', password: 'Passwort', submit: 'Anmelden' });
      await mainNav(p).getByRole('link', { name: 'Artikel', exact: true }).waitFor();
      await p.goto(`${scene.server.url}/#/items/${ITEM_ID}`);
      await p.getByRole('heading', { level: 1, name: NAME }).waitFor();
      const note = p.getByText(NOTE, { exact: false }).first();
      await note.scrollIntoViewIfNeeded();
      // The 500-character note wraps inside the phone's width.
      const fits = await p.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return root.scrollWidth <= window.innerWidth;
      });
      expect(fits, 'no sideways scrolling').toBe(true);
      // The README's picture of a German phone: the everyday list, from the top.
      await p.goto(`${scene.server.url}/#/items`);
      await p.getByRole('heading', { level: 1, name: 'Artikel' }).waitFor();
      await p
        .getByRole('link', { name: new RegExp(`^${NAME.slice(0, 12)}`) })
        .first()
        .waitFor();
      await p.screenshot({ path: `${SHOTS}/phone-de-${scheme}.png` });
    });
  }
});

describe('a first visit in German', () => {
  it('shows the sign-in screen in German from the first frame, and again offline before signing in', async () => {
    const page = await phone({ locale: 'de-DE' });
    // Every text the page ever showed, checked for the English sign-in words as the DOM changes.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __english: string[] }).__english = seen;
      new MutationObserver(() => {
        const text = document.body?.innerText ?? '';
        const english = /\b(Sign in|Username|Password|Opening this device)/.exec(text);
        if (english) seen.push(english[0]);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const english = () =>
      page.evaluate(() => (window as unknown as { __english: string[] }).__english);
    await page.goto(scene.server.url);
    await page.getByRole('form', { name: 'Anmelden' }).waitFor();
    expect(await english(), 'English words shown before German').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');

    // The worker keeps the German catalogue, not signed in yet: the sign-in screen opens offline.
    await controlledByServiceWorker(page);
    const german = async () =>
      ((await cachedUrls(page))[LANGUAGES_CACHE] ?? []).filter((u) => /\/assets\/de-/.test(u));
    await expect
      .poll(german, { message: 'the German catalogue in the worker’s cache' })
      .toHaveLength(1);
    await goOffline(page.context());
    await workerIsOffline(page.context());
    await clearHttpCache(page);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    await page.reload();
    await page.getByRole('form', { name: 'Anmelden' }).waitFor();
    await page.getByLabel('Benutzername').waitFor();
    expect(await english(), 'English words shown offline').toEqual([]);
    expect(failed.filter((u) => u.includes('/assets/'))).toEqual([]);
    await page.context().setOffline(false);
    expect(problems, 'console errors').toEqual([]);
  });
});

describe('the language chosen in Settings', () => {
  it('an English browser: spec words; Deutsch in Settings holds on this device; Automatic returns', async () => {
    const page = await phone({ locale: 'en-US' });
    await signIn(page, { user: 'Username', password: 'Password', submit: 'Sign in' });
    await mainNav(page).getByRole('link', { name: 'Items', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.goto(`${scene.server.url}/#/items/${ITEM_ID}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    expect(await page.getByLabel('Confirmed quantity').textContent()).toMatch(/^1,\d{3}$/);
    await page.getByRole('form', { name: 'Adjust stock' }).waitFor();
    await page.getByRole('region', { name: "This device's changes" }).waitFor();

    await mainNav(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const choice = page.getByRole('combobox', { name: 'Language', exact: true });
    expect(await choice.inputValue()).toBe('auto');
    await choice.selectOption({ label: 'Deutsch' });
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await mainNav(page).getByRole('link', { name: 'Artikel', exact: true }).waitFor();
    // Dates in German too: the lease deadline on this screen.
    await page
      .getByText(/^Jetzt gemachte Änderungen müssen den Server bis .+ erreichen\.$/)
      .waitFor();
    expect(await page.getByText(/^Jetzt gemachte Änderungen/).textContent()).toMatch(GERMAN_MOMENT);

    // Kept on this device: a reload (and a new tab) opens in German.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    await page.goto(`${scene.server.url}/#/items/${ITEM_ID}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    expect(await page.getByLabel('Bestätigte Menge').textContent()).toMatch(/^1\.\d{3}$/);

    // Back to the browser's language; the choice is named in both languages.
    await mainNav(page).getByRole('link', { name: 'Einstellungen', exact: true }).click();
    await page.getByRole('combobox', { name: 'Sprache (Language)' }).selectOption('auto');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await page.getByRole('combobox', { name: 'Language', exact: true }).inputValue()).toBe(
      'auto',
    );
    expect(problems, 'console errors').toEqual([]);
  });
});
