/**
 * Layouts that hold: every screen at 320, 390 and 1280 px, with a long item name and a note of
 * 500 characters without a space, scrolls only up and down, and nothing ends up under the bottom
 * navigation. The same screens are axe-clean (contrast included) in the light and the dark theme,
 * and the README's phone screenshots (light, dark, a busy Activity) come from here. No word is
 * broken across two lines on any screen, in English and German, for staff and for a manager.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adjustStock, nav } from './support/app';
import { seriousViolations } from './support/axe';
import { brokenWords } from './support/broken-words';
import { goOffline, newPhoneContext } from './support/browser';
import { signInUi } from './support/sign-in';
import { useScene } from './support/scene';
import { adjust, createItem } from '../api/support/ops';

const scene = useScene();
const SHOTS = 'docs/screenshots';
const ITEM_ID = 'layout-candle-xl';
const NAME =
  'Scented candle, fig and blackcurrant, hand-poured soy wax, Extralargegiftboxeditionwithmatchingsaucer';
const NOTE = 'Customerreturnedtheboxunopened'.repeat(17).slice(0, 500);
const WIDTHS = [320, 390, 1280] as const;

let light: BrowserContext;
let page: Page;
let operationId = '';

/** Every screen a person can reach, by address, and the heading that says it is open. */
function screens(): { name: string; hash: string; heading: string | RegExp }[] {
  return [
    { name: 'Items', hash: '#/items', heading: 'Items' },
    { name: 'Item', hash: `#/items/${ITEM_ID}`, heading: NAME },
    { name: 'Activity', hash: '#/activity', heading: 'Activity' },
    { name: 'Operation detail', hash: `#/activity/${operationId}`, heading: /^Remove 1 from / },
    { name: 'Review', hash: '#/review', heading: 'Review' },
    { name: 'Settings', hash: '#/settings', heading: 'Settings' },
    { name: 'Tester', hash: '#/tester', heading: 'Tester' },
    { name: 'New item', hash: '#/new-item', heading: 'New item' },
    { name: 'Edit item', hash: `#/items/${ITEM_ID}/edit`, heading: `Edit ${NAME}` },
    { name: 'Reorder list', hash: '#/reorder', heading: 'Reorder list' },
  ];
}

async function open(p: Page, hash: string, heading: string | RegExp): Promise<void> {
  await p.goto(`${scene.server.url}/${hash}`);
  await p.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Horizontal overflow, and how far the end of the content reaches under the navigation. */
function measure(p: Page): Promise<{ scrollWidth: number; width: number; underNav: number }> {
  return p.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    window.scrollTo(0, root.scrollHeight);
    const last = document.querySelector('main')?.lastElementChild;
    const nav = document.querySelector('nav[aria-label="Main"]');
    const bottom = last?.getBoundingClientRect().bottom ?? 0;
    const navTop = nav?.getBoundingClientRect().top ?? window.innerHeight;
    return { scrollWidth: root.scrollWidth, width: window.innerWidth, underNav: bottom - navTop };
  });
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  const api = await scene.server.api();
  const lease = await api.lease('layout-setup');
  const create = { ...createItem(ITEM_ID, 60, 'LAYOUT-CANDLE-XL'), name: NAME, location: 'Z9' };
  for (const op of [create, adjust(ITEM_ID, 5, { note: NOTE })]) {
    const reply = await api.postOp(lease.body(op));
    expect(reply.body, op.type).toMatchObject({ outcome: 'applied' });
  }

  light = await newPhoneContext(scene.browser);
  page = await light.newPage();
});

afterAll(async () => {
  await light?.close();
});

it('a busy Activity folds identical changes into one row', async () => {
  await signInUi(page, scene.server.url);
  await open(page, `#/items/${ITEM_ID}`, NAME);
  // A confirmed change, then many identical ones made offline: a busy Activity.
  await adjustStock(page, -1);
  await page.getByText('Confirmed', { exact: true }).first().waitFor({ timeout: 30_000 });
  await goOffline(light);
  for (let i = 0; i < 25; i += 1) await adjustStock(page, -1);
  const firstChange = page
    .getByRole('region', { name: "This device's changes" })
    .getByRole('link')
    .last();
  operationId = decodeURIComponent(
    (await firstChange.getAttribute('href'))?.split('/').pop() ?? '',
  );
  await nav(page, 'Activity').click();
  await page.getByText(/× 25$/).waitFor();
  await page.screenshot({ path: `${SHOTS}/activity-busy.png`, fullPage: true });
  // The navigation's badge (25 not yet confirmed) fits a 320 px phone too.
  await page.setViewportSize({ width: 320, height: 844 });
  const narrow = await measure(page);
  expect(narrow.scrollWidth, 'busy Activity at 320 px').toBeLessThanOrEqual(narrow.width);
  expect(narrow.underNav, 'busy Activity at 320 px').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await light.setOffline(false);
  // Back online, the 25 are sent and confirmed: with the first, one row of 26 identical changes.
  const confirmed = page.getByRole('region', { name: /^Confirmed/ });
  await confirmed.getByText(/× 26$/).waitFor({ timeout: 60_000 });
  expect(await page.getByText(/× \d+$/).count()).toBe(1);
});

describe('layouts that hold', () => {
  for (const width of WIDTHS) {
    it(`every screen at ${width} px scrolls only up and down and ends above the navigation`, async () => {
      await page.setViewportSize({ width, height: 844 });
      for (const screen of screens()) {
        await open(page, screen.hash, screen.heading);
        const m = await measure(page);
        expect(
          m.scrollWidth,
          `${screen.name} at ${width} px is wider than the screen`,
        ).toBeLessThanOrEqual(m.width);
        expect(
          m.underNav,
          `${screen.name} at ${width} px ends under the navigation`,
        ).toBeLessThanOrEqual(0);
      }
    });
  }
});

/** Sign-in words per language (the form is the first thing a phone in that language shows). */
const SIGN_IN = {
  'en-GB': { user: 'Username', password: 'Password', submit: 'Sign in' },
  'de-DE': { user: 'Benutzername', password: 'Passwort', submit: 'Anmelden' },
} as const;
/** Screens only a manager opens (staff get "managers only" there, checked all the same). */
const PEOPLE = [
  { username: 'manager', role: 'manager' },
  { username: 'demo', role: 'staff' },
] as const;

describe('no word broken across two lines', () => {
  for (const locale of ['en-GB', 'de-DE'] as const) {
    for (const person of PEOPLE) {
      it(`${locale}, ${person.role}: at 320, 390 and 1280 px every word stays on one line`, async () => {
        const context = await newPhoneContext(scene.browser, { locale });
        const p = await context.newPage();
        const words = SIGN_IN[locale];
        await p.goto(scene.server.url);
        await p.getByLabel(words.user).fill(person.username);
        await p.getByLabel(words.password).fill(person.username);
        await p.getByRole('button', { name: words.submit }).click();
        await p.getByRole('navigation').first().waitFor();
        const broken: string[] = [];
        for (const width of WIDTHS) {
          await p.setViewportSize({ width, height: 844 });
          for (const screen of screens()) {
            await p.goto(`${scene.server.url}/${screen.hash}`);
            await p.getByRole('heading', { level: 1 }).first().waitFor();
            // Lists and pages that fill in after the heading (the history, the timeline).
            await p.waitForLoadState('networkidle');
            for (const b of await brokenWords(p)) {
              broken.push(`${screen.name} at ${width} px: "${b.word}" in "${b.where}"`);
            }
          }
        }
        await context.close();
        expect(broken).toEqual([]);
      });
    }
  }
});

describe('both themes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`every screen is axe-clean (contrast included) in the ${scheme} theme`, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const screen of screens()) {
        await open(page, screen.hash, screen.heading);
        expect(await seriousViolations(page), `${screen.name} (${scheme})`).toEqual([]);
      }
      // The README's picture of a phone in this theme: an item with its stock, its actions and
      // its history.
      await open(page, `#/items/${ITEM_ID}`, NAME);
      await page.screenshot({ path: `${SHOTS}/phone-${scheme}.png` });
    });
  }
});

describe('the way back', () => {
  it('item and change pages lead back; an empty search says what was searched and clears', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `#/activity/${operationId}`, /^Remove 1 from /);
    await page.getByRole('link', { name: 'Back to Activity' }).click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();

    await open(page, `#/items/${ITEM_ID}`, NAME);
    await page.getByRole('link', { name: 'Back to Items' }).click();
    await page.getByRole('heading', { level: 1, name: 'Items' }).waitFor();
    const search = page.getByLabel('Search items');
    await search.fill('xyzzy');
    await page.getByText('No items match “xyzzy”', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await search.inputValue()).toBe('');
    await expect.poll(() => page.getByRole('listitem').count()).toBeGreaterThan(0);
    // The list comes back as the search clears: wait for that state, not for a moment.
    await expect.poll(() => page.getByText(/^No items match/).count()).toBe(0);
  });
});
