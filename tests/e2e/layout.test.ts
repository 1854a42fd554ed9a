/**
 * Layouts that hold: every screen at 320, 390 and 1280 px, with a long item name and a note of
 * 500 characters without a space, scrolls only up and down, and nothing ends up under the bottom
 * navigation. The same screens are axe-clean (contrast included) in the light and the dark theme,
 * and the README's phone screenshots (light, dark, a busy Activity) come from here. No word is
 * broken across two lines on any screen, in English and German, for staff and for a manager (a
 * hyphen is no place to break "Stock-takes" either), and the navigation's labels keep clear of the
 * screen's edges; staff meet no revision, lease, operation id or HTTP code. On a phone, a
 * manager's Items list starts on the first screen, and a notice cuts only the item's name, its
 * ellipsis right after the last letter shown.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adjustStock, nav } from './support/app';
import { seriousViolations } from './support/axe';
import { brokenWords } from './support/broken-words';
import { visibleJargon } from './support/jargon';
import { goOffline, newPhoneContext } from './support/browser';
import { signInUi } from './support/sign-in';
import { useScene } from './support/scene';
import { adjust, createItem } from '../api/support/ops';
import type { Op } from '../../src/protocol/schemas';

const scene = useScene();
const SHOTS = 'docs/screenshots';
const ITEM_ID = 'layout-candle-xl';
const NAME =
  'Scented candle, fig and blackcurrant, hand-poured soy wax, Extralargegiftboxeditionwithmatchingsaucer';
const NOTE = 'Customerreturnedtheboxunopened'.repeat(17).slice(0, 500);
const STOCKTAKE_ID = 'layout-take';
const STOCKTAKE = 'Back room, spring stock-take of the candles';
const WIDTHS = [320, 390, 1280] as const;

let light: BrowserContext;
let page: Page;
let operationId = '';

interface ScreenVisit {
  name: string;
  hash: string;
  heading: string | RegExp;
  /** What fills in after the heading, or a step on the screen (in any language). */
  then?: (p: Page) => Promise<void>;
}

/** Every screen a person can reach, by address, and the heading that says it is open. */
function screens(): ScreenVisit[] {
  return [
    { name: 'Items', hash: '#/items', heading: 'Items' },
    { name: 'Item', hash: `#/items/${ITEM_ID}`, heading: NAME },
    { name: 'Activity', hash: '#/activity', heading: 'Activity' },
    { name: 'Operation detail', hash: `#/activity/${operationId}`, heading: /^Remove 1 from / },
    { name: 'Review', hash: '#/review', heading: 'Review' },
    { name: 'Settings', hash: '#/settings', heading: 'Settings', then: peopleListed },
    { name: 'Tester', hash: '#/tester', heading: 'Tester' },
    { name: 'New item', hash: '#/new-item', heading: 'New item' },
    { name: 'Edit item', hash: `#/items/${ITEM_ID}/edit`, heading: `Edit ${NAME}` },
    { name: 'Reorder list', hash: '#/reorder', heading: 'Reorder list' },
    { name: 'Stock-takes', hash: '#/stocktakes', heading: 'Stock-takes', then: stocktakesListed },
    {
      name: 'Stock-take: count and review',
      hash: `#/stocktakes/${STOCKTAKE_ID}`,
      heading: STOCKTAKE,
      then: countFormOpen,
    },
  ];
}

/** Settings → People, for a manager: the list of people once it came from the server. */
async function peopleListed(p: Page): Promise<void> {
  const isManager = await p.locator('#people-heading').count();
  if (isManager > 0) await p.locator('.people-list li').first().waitFor();
}

async function stocktakesListed(p: Page): Promise<void> {
  await p.locator(`a[href="#/stocktakes/${STOCKTAKE_ID}"]`).waitFor();
}

/** The stock-take's count form for the long-named item (its button is the first item left). */
async function countFormOpen(p: Page): Promise<void> {
  await p.locator('section[aria-labelledby="items-left"] button').first().click();
  await p.locator('input[name="counted"]').waitFor();
}

async function open(p: Page, hash: string, heading: string | RegExp): Promise<void> {
  await p.goto(`${scene.server.url}/${hash}`);
  await p.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function visit(p: Page, screen: ScreenVisit): Promise<void> {
  await open(p, screen.hash, screen.heading);
  await screen.then?.(p);
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
  const take: Op = {
    type: 'startStocktake',
    stocktakeId: STOCKTAKE_ID,
    name: STOCKTAKE,
    placeId: 'main',
    blind: false,
    itemIds: [ITEM_ID],
  };
  for (const op of [create, adjust(ITEM_ID, 5, { note: NOTE }), take]) {
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

/** The navigation's labels closer than 4 px to the screen's edge (or past it), or on two lines. */
function navLabelsAtEdge(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const found: string[] = [];
    for (const link of document.querySelectorAll('.nav-bar__link')) {
      const range = document.createRange();
      range.selectNodeContents(link);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      if (left < 4 || right > window.innerWidth - 4) found.push(link.textContent ?? '');
    }
    return found;
  });
}

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

async function signedIn(
  locale: keyof typeof SIGN_IN,
  username: string,
): Promise<{ context: BrowserContext; p: Page }> {
  const context = await newPhoneContext(scene.browser, { locale });
  const p = await context.newPage();
  const words = SIGN_IN[locale];
  await p.goto(scene.server.url);
  await p.getByLabel(words.user).fill(username);
  await p.getByLabel(words.password).fill(username);
  await p.getByRole('button', { name: words.submit }).click();
  await p.getByRole('navigation').first().waitFor();
  return { context, p };
}

describe('no word broken across two lines', () => {
  for (const locale of ['en-GB', 'de-DE'] as const) {
    for (const person of PEOPLE) {
      it(`${locale}, ${person.role}: at 320, 390 and 1280 px every word stays on one line`, async () => {
        const { context, p } = await signedIn(locale, person.username);
        const broken: string[] = [];
        const problems: string[] = [];
        for (const width of WIDTHS) {
          await p.setViewportSize({ width, height: 844 });
          for (const screen of screens()) {
            await p.goto(`${scene.server.url}/${screen.hash}`);
            await p.getByRole('heading', { level: 1 }).first().waitFor();
            await screen.then?.(p);
            // Lists and pages that fill in after the heading (the history, the timeline).
            await p.waitForLoadState('networkidle');
            const at = `${screen.name} at ${width} px`;
            for (const b of await brokenWords(p)) {
              broken.push(`${at}: "${b.word}" in "${b.where}"`);
            }
            // Staff read the shop's words (English here; the catalogues say the same in German).
            if (person.role === 'staff' && locale === 'en-GB' && screen.name !== 'Tester') {
              for (const words of await visibleJargon(p)) problems.push(`${at} shows "${words}"`);
            }
            for (const label of await navLabelsAtEdge(p)) {
              problems.push(`${at}: the navigation's "${label}" is at the screen's edge`);
            }
            const m = await measure(p);
            if (m.scrollWidth > m.width) problems.push(`${at} is wider than the screen`);
            if (m.underNav > 0) problems.push(`${at} ends under the navigation`);
            // English is checked in both themes below; German here, at a phone's width.
            if (locale === 'de-DE' && width === 390) {
              for (const v of await seriousViolations(p)) problems.push(`${at}: ${v}`);
            }
          }
        }
        await context.close();
        expect(broken).toEqual([]);
        expect(problems).toEqual([]);
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
      const { context, p } = await signedIn(locale, 'manager');
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
      const { context, p } = await signedIn(locale, 'demo');
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
