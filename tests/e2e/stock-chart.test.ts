/**
 * Stock over time (docs/client.md#stock-over-time) in real Chromium: an item with 80 days of
 * history at two places (made on the tester clock), changed offline on the phone; once the changes
 * are confirmed, the points the chart drew (read back from its SVG paths through its scales) are the
 * server's journal, total and each place: `resultingQuantity` and `placeQuantity`, worked out
 * here apart from the app's own arithmetic. Offline, after a reload too, the chart draws from the
 * history kept on the device.
 * Show as table gives the same numbers; axe in both themes; README pictures, light and dark.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { HistoryEntry, Op } from '../../src/protocol/schemas';
import { adjust } from '../api/support/ops';
import { LABEL, adjustStock, nav, openItem } from './support/app';
import { seriousViolations } from './support/axe';
import { expectConsole, goOffline, NETWORK_FAULTS, newPhoneContext } from './support/browser';
import { screensWarmedUp } from './support/camera-phone';
import { useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();
const SHOTS = 'docs/screenshots';
const DAY = 86_400_000;
const contexts: BrowserContext[] = [];
/** The item the first test made, with its history; the dark phone opens it too. */
let charted: { id: string; name: string } | null = null;

afterAll(async () => {
  for (const c of contexts) await c.close();
});

/**
 * An item with 80 days of history on the tester clock (which only goes forward): made, moved to
 * the back room, received and sold there. A new sign-in and lease after each jump, as a phone would.
 */
async function itemWithHistory(): Promise<{ id: string; name: string }> {
  const later = async (days: number) => {
    await (await scene.server.api('manager')).advanceClock(days * DAY);
    const api = await scene.server.api('manager');
    const lease = await api.lease();
    return async (op: Op) => {
      const reply = await api.postOp(lease.body(op));
      expect(reply.status, reply.text).toBe(201);
    };
  };
  const api = await scene.server.api('manager');
  const id = await api.newItem(await api.lease(), 12, 'chart');
  await (
    await later(0)
  )({ type: 'createPlace', placeId: 'back', name: 'Back room' });
  await (
    await later(30)
  )({
    type: 'transfer',
    itemId: id,
    fromPlaceId: 'main',
    toPlaceId: 'back',
    quantity: 5,
  });
  await (
    await later(30)
  )(adjust(id, 8));
  await (
    await later(14)
  )({ ...adjust(id, -3), placeId: 'back' });
  await later(6);
  return { id, name: `Test item ${id}` };
}

interface Drawn {
  /** Milliseconds and quantities, read back from each path's points through the SVG's scales. */
  series: Record<string, { at: number[]; quantity: number[] }>;
  from: number;
  to: number;
  /** How many milliseconds one unit of the view box's x is. */
  msPerUnit: number;
}

/** The chart's points: each path's `M x y`, `H x`, `V y`, mapped back through its data scales. */
async function drawn(chart: Locator): Promise<Drawn> {
  const read = await chart.locator('svg[role="img"]').evaluate((svg) => ({
    from: Number(svg.dataset['from']),
    to: Number(svg.dataset['to']),
    low: Number(svg.dataset['low']),
    high: Number(svg.dataset['high']),
    plot: (svg.dataset['plot'] ?? '').split(' ').map(Number),
    paths: [...svg.querySelectorAll('path[data-series]')].map((p) => ({
      id: p.getAttribute('data-series') ?? '',
      d: p.getAttribute('d') ?? '',
    })),
  }));
  const [left = 0, top = 0, width = 1, height = 1] = read.plot;
  const at = (x: number) => read.from + ((x - left) / width) * (read.to - read.from);
  const quantity = (y: number) => read.high - ((y - top) / height) * (read.high - read.low);
  const series: Drawn['series'] = {};
  for (const { id, d } of read.paths) {
    const s = { at: [] as number[], quantity: [] as number[] };
    // A step path: M x y, then per step H x V y, and a last H to the end.
    for (const [, command = '', value = ''] of d.matchAll(/([MHV])([^MHV]+)/g)) {
      const numbers = value.trim().split(/\s+/).map(Number);
      if (command === 'M') {
        s.at.push(at(numbers[0] ?? NaN));
        s.quantity.push(quantity(numbers[1] ?? NaN));
      } else if (command === 'H') s.at.push(at(numbers[0] ?? NaN));
      else s.quantity.push(quantity(numbers[0] ?? NaN));
    }
    series[id] = s;
  }
  return { series, from: read.from, to: read.to, msPerUnit: (read.to - read.from) / width };
}

/**
 * What the chart must show, from the journal alone: per moment a change was recorded (oldest
 * first), the item's total after it and each place's quantity after the last change there.
 */
function expected(history: HistoryEntry[], from: number, places: string[]) {
  const changes = history
    .filter((e) => e.delta !== 0 && Date.parse(e.recordedAt) >= from)
    .reverse();
  const moments = [...new Set(changes.map((e) => Date.parse(e.recordedAt)))];
  const upTo = (t: number) => changes.filter((e) => Date.parse(e.recordedAt) <= t);
  const lastAt = (t: number, place: string) =>
    upTo(t)
      .filter((e) => e.placeId === place)
      .at(-1)?.placeQuantity ?? 0;
  return {
    at: [from, ...moments],
    total: [0, ...moments.map((t) => upTo(t).at(-1)?.resultingQuantity ?? 0)],
    places: Object.fromEntries(places.map((p) => [p, [0, ...moments.map((t) => lastAt(t, p))]])),
  };
}

async function expectDrawnAsJournal(chart: Locator, history: HistoryEntry[]): Promise<void> {
  const d = await drawn(chart);
  const want = expected(history, d.from, ['main', 'back']);
  expect(Object.keys(d.series)).toEqual(['total', 'main', 'back']);
  // Whole quantities: the path is drawn to a tenth of a view-box unit, a fraction of one item.
  const round = (qs: number[]) => qs.map((q) => Math.round(q) + 0);
  expect(round(d.series['total']?.quantity ?? [])).toEqual(want.total);
  expect(round(d.series['main']?.quantity ?? [])).toEqual(want.places['main']);
  expect(round(d.series['back']?.quantity ?? [])).toEqual(want.places['back']);
  for (const s of Object.values(d.series)) {
    // Each point where its change happened (to a tenth of a view-box unit), and on to the end.
    expect(s.at.at(-1)).toBe(d.to);
    s.at.slice(0, -1).forEach((t, i) => {
      expect(Math.abs(t - (want.at[i] ?? NaN))).toBeLessThanOrEqual(d.msPerUnit * 0.06);
    });
  }
}

function stockChart(page: Page): Locator {
  return page.getByRole('region', { name: 'Stock over time' });
}

async function moveStock(page: Page, from: string, to: string, quantity: number): Promise<void> {
  const form = page.getByRole('form', { name: 'Move stock' });
  await form.getByRole('combobox', { name: 'From' }).selectOption({ label: from });
  await form.getByRole('combobox', { name: 'To' }).selectOption({ label: to });
  await form.getByLabel('Quantity to move').fill(String(quantity));
  await form.getByRole('button', { name: 'Move' }).click();
  await form.getByText(LABEL.queued).waitFor();
}

async function allConfirmed(page: Page, count: number): Promise<void> {
  const labels = page
    .getByRole('region', { name: "This device's changes" })
    .locator('.op-row__label');
  await expect
    .poll(
      async () => (await labels.allTextContents()).filter((l) => l === LABEL.confirmed).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(count);
}

async function noSeriousViolations(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), what).toEqual([]);
}

describe('stock over time', () => {
  it('draws the journal, total and each place, after offline changes are confirmed', async () => {
    const item = await itemWithHistory();
    const api = await scene.server.api('manager');
    charted = item;
    const context = await newPhoneContext(scene.browser);
    contexts.push(context);
    const page = await context.newPage();
    await signInUi(page, scene.server.url, 'manager');
    await openItem(page, item.name);
    const chart = stockChart(page);
    await expectDrawnAsJournal(chart, await api.history(item.id));
    await chart.getByText(/^Latest change: /).waitFor();

    await screensWarmedUp(page);
    await goOffline(context);
    await adjustStock(page, -2);
    await moveStock(page, 'Back room', 'Main', 1);
    // Offline, after a reload too, the item opens with the chart from the history kept on the
    // device (the server's journal has not got the two changes yet).
    expectConsole(...NETWORK_FAULTS);
    await page.reload();
    await openItem(page, item.name);
    await expectDrawnAsJournal(chart, await api.history(item.id));

    await context.setOffline(false);
    await allConfirmed(page, 2);
    const confirmed = (await api.item(item.id)).quantity;
    await expect
      .poll(async () => (await drawn(chart)).series['total']?.quantity.at(-1), { timeout: 30_000 })
      .toBe(confirmed);
    await expectDrawnAsJournal(chart, await api.history(item.id));
    await chart.getByText(`Total: ${confirmed}`).waitFor();
    await noSeriousViolations(page, 'chart, light');
    await mkdir(SHOTS, { recursive: true });
    await chart.screenshot({ path: `${SHOTS}/stock-chart.png` });

    // The same numbers as a table: one row per moment, newest first, the start last.
    const shown = await drawn(chart);
    const want = expected(await api.history(item.id), shown.from, ['main', 'back']);
    const toggle = chart.getByRole('button', { name: 'Show as table' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const column = (n: number) =>
      chart.getByRole('table').locator(`tbody td:nth-of-type(${n})`).allTextContents();
    const newestFirst = (qs: number[] | undefined) => (qs ?? []).map(String).reverse();
    expect(await column(1)).toEqual(newestFirst(want.total));
    expect(await column(2)).toEqual(newestFirst(want.places['main']));
    expect(await column(3)).toEqual(newestFirst(want.places['back']));
    await noSeriousViolations(page, 'table, light');
  });

  it('dark, and at 320 px: the same lines, no serious axe violation, nothing wider than the phone', async () => {
    const api = await scene.server.api('manager');
    if (!charted) throw new Error('the first test makes the item');
    const context = await newPhoneContext(scene.browser, { colorScheme: 'dark' });
    contexts.push(context);
    const page = await context.newPage();
    await signInUi(page, scene.server.url, 'manager');
    await openItem(page, charted.name);
    const chart = stockChart(page);
    await expectDrawnAsJournal(chart, await api.history(charted.id));
    await noSeriousViolations(page, 'chart, dark');
    await chart.screenshot({ path: `${SHOTS}/stock-chart-dark.png` });
    await page.setViewportSize({ width: 320, height: 700 });
    // The chart's card, and everything in it, within the phone's width.
    const overflow = () =>
      chart.evaluate((card) =>
        Math.max(
          card.getBoundingClientRect().right - window.innerWidth,
          card.scrollWidth - card.clientWidth,
        ),
      );
    expect(await overflow()).toBe(0);
    await chart.getByRole('button', { name: 'Show as table' }).click();
    await chart.getByRole('table').waitFor();
    expect(await overflow()).toBe(0);
    await noSeriousViolations(page, 'table, dark');
  });

  it('offline, a chart fetched before another phone changed the item says so and draws what it fetched', async () => {
    if (!charted) throw new Error('the first test makes the item');
    const context = await newPhoneContext(scene.browser);
    contexts.push(context);
    const page = await context.newPage();
    await signInUi(page, scene.server.url, 'manager');
    const api = await scene.server.api('manager');
    const fetched = await api.history(charted.id);
    await openItem(page, charted.name);
    const chart = stockChart(page);
    await expectDrawnAsJournal(chart, fetched);

    // Another phone receives 4; this one pulls the items (not the history) and goes offline.
    const lease = await api.lease('other-phone');
    expect((await api.postOp(lease.body(adjust(charted.id, 4)))).status).toBe(201);
    const now = (await api.item(charted.id)).quantity;
    await screensWarmedUp(page);
    await nav(page, 'Items').click();
    await page.reload();
    await page.getByLabel('Search items').fill(charted.name);
    const link = page.getByRole('link', { name: charted.name, exact: true });
    const row = page.locator('.item-row', { has: link });
    await expect.poll(() => row.locator('.item-row__qty').textContent()).toBe(String(now));
    await goOffline(context);
    await link.click();
    await chart
      .getByText('Not up to date: the chart shows the stock as last fetched from the server.')
      .waitFor();
    await expectDrawnAsJournal(chart, fetched);
  });
});
