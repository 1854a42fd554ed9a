/**
 * The dark theme is there (src/app/styles.css, `prefers-color-scheme: dark`): on each main screen
 * the page, the cards and the text take other colours than in the light theme, the dark page is
 * dark and its text light, and text keeps a contrast of at least 4.5:1 on its background in both
 * themes. Without the dark styles (or with only some of them) this fails; the axe checks of
 * layout-screens.test.ts alone pass a page that simply stays light.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPhoneContext } from './support/browser';
import { useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await newPhoneContext(scene.browser);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
});

type Rgb = readonly [number, number, number];

/** WCAG 2 relative luminance of an sRGB colour (0 black … 1 white). */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two colours (1 … 21). */
function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colours a person sees on the open screen, as computed by Chromium. */
interface ScreenColours {
  /** The page behind everything (`:root`'s background). */
  page: Rgb;
  /** The screen's heading. */
  heading: Rgb;
  /** The bottom navigation bar (a card), and the words on it; null on the sign-in screen. */
  nav: { background: Rgb; text: Rgb } | null;
}

async function colours(p: Page): Promise<ScreenColours> {
  const read = await p.evaluate(() => {
    const css = (el: Element | null, property: 'color' | 'backgroundColor') =>
      el ? getComputedStyle(el)[property] : null;
    const nav = document.querySelector('nav[aria-label="Main"]');
    return {
      page: css(document.documentElement, 'backgroundColor'),
      heading: css(document.querySelector('h1'), 'color'),
      navBackground: css(nav, 'backgroundColor'),
      navText: css(nav?.querySelector('a') ?? null, 'color'),
    };
  });
  const rgb = (value: string | null, what: string): Rgb => {
    const m = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(value ?? '');
    if (!m) throw new Error(`${what}: not a colour: ${value}`);
    // A see-through colour would mean the colour a person sees is another element's.
    if (m[4] !== undefined && Number(m[4]) < 1) throw new Error(`${what} is see-through: ${value}`);
    return [Number(m[1]), Number(m[2]), Number(m[3])];
  };
  return {
    page: rgb(read.page, 'page'),
    heading: rgb(read.heading, 'heading'),
    nav:
      read.navBackground === null
        ? null
        : {
            background: rgb(read.navBackground, 'navigation'),
            text: rgb(read.navText, 'navigation link'),
          },
  };
}

/** The same screen in both themes (the phone's setting, as a person switches it). */
async function bothThemes(): Promise<Record<'light' | 'dark', ScreenColours>> {
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await colours(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await colours(page);
  await page.emulateMedia({ colorScheme: 'light' });
  return { light, dark };
}

function expectThemes(
  screen: string,
  { light, dark }: Record<'light' | 'dark', ScreenColours>,
  hasNav: boolean,
) {
  const where = (what: string) => `${screen}: ${what}`;
  // Light: a light page with dark words; dark: a dark page with light words.
  expect(luminance(light.page), where('light page')).toBeGreaterThan(0.7);
  expect(luminance(dark.page), where('dark page')).toBeLessThan(0.05);
  expect(luminance(light.heading), where('light heading')).toBeLessThan(0.1);
  expect(luminance(dark.heading), where('dark heading')).toBeGreaterThan(0.5);
  for (const [theme, c] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    expect(contrast(c.heading, c.page), where(`${theme} heading on page`)).toBeGreaterThanOrEqual(
      4.5,
    );
  }
  expect([light.nav !== null, dark.nav !== null], where('the navigation')).toEqual([
    hasNav,
    hasNav,
  ]);
  if (light.nav && dark.nav) {
    expect(dark.nav.background, where('navigation background')).not.toEqual(light.nav.background);
    expect(luminance(dark.nav.background), where('dark navigation')).toBeLessThan(0.05);
    expect(
      contrast(light.nav.text, light.nav.background),
      where('light nav'),
    ).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.nav.text, dark.nav.background), where('dark nav')).toBeGreaterThanOrEqual(
      4.5,
    );
  }
}

describe('dark mode', () => {
  it('sign-in: dark page, light words, the same contrast', async () => {
    await page.goto(scene.server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expectThemes('Sign in', await bothThemes(), false);
  });

  it('every main screen turns dark with the phone, with readable words and navigation', async () => {
    await signInUi(page, scene.server.url);
    for (const [name, hash] of [
      ['Items', '#/items'],
      ['Activity', '#/activity'],
      ['Review', '#/review'],
      ['Settings', '#/settings'],
      ['New item', '#/new-item'],
    ] as const) {
      await page.goto(`${scene.server.url}/${hash}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expectThemes(name, await bothThemes(), true);
    }
  });
});
