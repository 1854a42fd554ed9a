/**
 * Every screen a person can reach, filled with what stretches a layout: an item with a long name
 * and a note of 500 characters without a space, and a stock-take of it. The layout files
 * (layout-screens.test.ts, layout-words.test.ts) visit them and measure what they show.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Api } from '../../api/support/api';
import { adjust, createItem } from '../../api/support/ops';
import type { Op } from '../../../src/protocol/schemas';

export const ITEM_ID = 'layout-candle-xl';
export const NAME =
  'Scented candle, fig and blackcurrant, hand-poured soy wax, Extralargegiftboxeditionwithmatchingsaucer';
const NOTE = 'Customerreturnedtheboxunopened'.repeat(17).slice(0, 500);
const STOCKTAKE_ID = 'layout-take';
const STOCKTAKE = 'Back room, spring stock-take of the candles';
export const WIDTHS = [320, 390, 1280] as const;

/** The long-named item (60 in stock, 5 received with the long note) and a stock-take of it. */
export async function addLongNamedItem(api: Api): Promise<void> {
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
}

export interface ScreenVisit {
  name: string;
  hash: string;
  heading: string | RegExp;
  /** What fills in after the heading, or a step on the screen (in any language). */
  then?: (p: Page) => Promise<void>;
}

/**
 * Every screen a person can reach, by address, and the heading that says it is open. Operation
 * detail opens `operationId`, a removal of 1 from the long-named item.
 */
export function screens(operationId: string): ScreenVisit[] {
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

/** Horizontal overflow, and how far the end of the content reaches under the navigation. */
export function measure(
  p: Page,
): Promise<{ scrollWidth: number; width: number; underNav: number }> {
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
