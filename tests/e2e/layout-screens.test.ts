/**
 * Layouts that hold: every screen at 320, 390 and 1280 px, with a long item name and a note of
 * 500 characters without a space (support/every-screen.ts), scrolls only up and down, and nothing
 * ends up under the bottom navigation. The same screens are axe-clean (contrast included) in the
 * light and the dark theme, and the README's phone screenshots (light, dark, a busy Activity) come
 * from here. On a phone, a manager's Items list starts on the first screen, and a notice cuts only
 * the item's name, its ellipsis right after the last letter shown. No word broken across two lines,
 * in English and German, for staff and for a manager: layout-words.test.ts.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adjustStock, nav } from './support/app';
import { seriousViolations } from './support/axe';
import { goOffline, newPhoneContext } from './support/browser';
import {
  ITEM_ID,
  NAME,
  WIDTHS,
  addLongNamedItem,
  measure,
  screens,
  type ScreenVisit,
} from './support/every-screen';
import { signInUi, signedIn } from './support/sign-in';
import { useScene } from './support/scene';

const scene = useScene();
const SHOTS = 'docs/screenshots';

let light: BrowserContext;
let page: Page;
let operationId = '';

async function open(p: Page, hash: string, heading: string | RegExp): Promise<void> {
  await p.goto(`${scene.server.url}/${hash}`);
  await p.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function visit(p: Page, screen: ScreenVisit): Promise<void> {
  await open(p, screen.hash, screen.heading);
  await screen.then?.(p);
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  await addLongNamedItem(await scene.server.api());
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
      for (const screen of screens(operationId)) {
        await visit(page, screen);
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

describe('both themes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`every screen is axe-clean (contrast included) in the ${scheme} theme`, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const screen of screens(operationId)) {
        await visit(page, screen);
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

describe('Items on a phone', () => {
  for (const locale of ['en-GB', 'de-DE'] as const) {
    it(`${locale}, manager: at 390 × 844 three items show above the navigation without scrolling`, async () => {
      const { context, p } = await signedIn(scene.browser, scene.server.url, locale, 'manager');
      await p.locator('.item-row').first().waitFor();
      const shown = await p.evaluate(() => {
        const navTop = document.querySelector('.nav-bar')?.getBoundingClientRect().top ?? 0;
        const rows = [...document.querySelectorAll('.item-row')];
        return rows.filter((r) => r.getBoundingClientRect().bottom <= navTop).length;
      });
      await context.close();
      expect(shown).toBeGreaterThanOrEqual(3);
    });
  }
});

/** How a notice with a cut name lies: the room left between its ellipsis and the state. */
function noticeFit(
  p: Page,
): Promise<{ cut: boolean; gap: number; state: string; whole: boolean; joined: boolean }> {
  return p.evaluate(() => {
    const name = document.querySelector<HTMLElement>('.notice__name');
    const state = document.querySelector<HTMLElement>('.notice__state');
    const link = document.querySelector<HTMLElement>('.notice__text');
    const joiner = document.querySelector<HTMLElement>('.notice__joiner');
    const text = name?.firstChild;
    if (!name || !state || !link || !joiner || !(text instanceof Text))
      throw new Error('no notice with a name');
    const box = name.getBoundingClientRect();
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = getComputedStyle(name).font;
    const ellipsis = context.measureText('…').width;
    // The letters that show: those that end before the ellipsis's room at the box's end.
    let end = box.left;
    const range = document.createRange();
    for (const { index, segment } of new Intl.Segmenter().segment(text.data)) {
      range.setStart(text, index);
      range.setEnd(text, index + segment.length);
      const right = range.getBoundingClientRect().right;
      if (right > box.right - ellipsis + 0.5) break;
      end = right;
    }
    const linkBox = link.getBoundingClientRect();
    return {
      cut: name.scrollWidth > name.clientWidth,
      gap: box.right - (end + ellipsis),
      state: state.textContent ?? '',
      whole:
        state.scrollWidth <= state.clientWidth &&
        state.getBoundingClientRect().right <= linkBox.right + 0.5,
      joined: Math.abs(joiner.getBoundingClientRect().top - box.top) < 1,
    };
  });
}

describe('a notice on a phone', () => {
  const CONFIRMED = { 'en-GB': 'Confirmed', 'de-DE': 'Bestätigt' } as const;
  for (const locale of ['en-GB', 'de-DE'] as const) {
    it(`${locale}: only the name is cut, its ellipsis right after the last letter shown`, async () => {
      const { context, p } = await signedIn(scene.browser, scene.server.url, locale, 'demo');
      await p.goto(`${scene.server.url}/#/items/${ITEM_ID}`);
      await p.getByRole('heading', { level: 1, name: NAME }).waitFor();
      const form = p.locator('form[aria-labelledby="adjust-heading"]');
      await form.locator('input[name="delta"]').fill('-1');
      await form.locator('select[name="reason"]').selectOption('sold');
      await form.locator('button[type="submit"]').click();
      await p.locator('.notice--confirmed').waitFor({ timeout: 30_000 });
      const fits = [];
      for (const width of [390, 320]) {
        await p.setViewportSize({ width, height: 844 });
        // The line settles once laid out for the new width.
        await expect.poll(() => noticeFit(p).then((f) => f.gap <= 1)).toBe(true);
        fits.push({ width, ...(await noticeFit(p)) });
      }
      await context.close();
      for (const fit of fits) {
        const at = JSON.stringify(fit);
        expect(fit.cut, at).toBe(true);
        expect(fit.gap, at).toBeLessThanOrEqual(1);
        expect(fit.state, at).toContain(CONFIRMED[locale]);
        // A state on a line of its own starts with its word, not with the name's ": ".
        expect(fit.state, at).toMatch(/^\p{L}/u);
        expect(fit.joined, at).toBe(true);
        expect(fit.whole, at).toBe(true);
      }
    });
  }
});
