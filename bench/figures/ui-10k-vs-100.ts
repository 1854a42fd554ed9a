/**
 * ui_10k_vs_100: the built PWA's Items screen in real Chromium (a phone-sized page, signed in as
 * demo): filter-keystroke-to-paint with 10,000 items ÷ with 100. A keystroke is timed in the page
 * from its keydown to the first frame painted after the result count (and the list, in the same
 * commit) shows the new filter (bench/browser/keystroke-probe.ts).
 *
 * Two bench servers serve one `vite build`, each with its own database seeded through the batch
 * endpoint (createItem) to exactly 10,000 and 100 items. Each round types digit queries on one side
 * and then the other; every keystroke of a query changes the count on both sides (checked with the
 * app's own filter), so every one waits for a real re-render. The value is the median over rounds
 * of (median keystroke on 10,000 ÷ median on 100).
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildItemIndex, filterItems, type ItemIndex } from '../../src/app/items-filter';
import { formatCount } from '../../src/app/format';
import type { CreateItemOp, ItemsResponse } from '../../src/protocol/schemas';
import { operationId } from '../../src/protocol/ids';
import { newPhoneContext } from '../../tests/e2e/support/browser';
import type { KeystrokeProbe } from '../browser/keystroke-probe';
import { atMost, round, type Figure } from '../figure';
import { signInUi } from '../../tests/e2e/support/sign-in';
import { buildApp } from '../support/browser-app';
import { bundleScript, logPageErrors, pageServerEnv, withBrowser } from '../support/browser-page';
import { demoSession } from '../support/demo-session';
import { httpClient } from '../support/http-client';
import { REPO_ROOT, withServers } from '../support/server-process';
import { median, percentile, seededRandom } from '../support/stats';

const SIZES = [10_000, 100] as const;
const SEED_BATCH = 500;
/** Sign-in and the first sync of 10,000 items on a busy machine. */
const LOADED_MS = 60_000;

/** Adds items through the batch endpoint until the server holds exactly `total`; returns them all. */
async function seedItems(url: string, total: number): Promise<ItemIndex> {
  const client = httpClient(url);
  try {
    const session = await demoSession(client);
    const lease = await session.lease();
    const headers = { authorization: session.authorization };
    const missing = total - session.itemIds.length;
    for (let start = 0; start < missing; start += SEED_BATCH) {
      const operations = Array.from({ length: Math.min(SEED_BATCH, missing - start) }, (_, k) => {
        const n = start + k;
        const op: CreateItemOp = {
          type: 'createItem',
          itemId: `bench-${n}`,
          sku: `BEN-${n}`,
          name: `Bench item ${n}`,
          location: 'Z',
          initialQuantity: n % 50,
        };
        return { id: operationId(lease.id, n), lease: lease.token, op };
      });
      await session.batch(operations);
    }
    const { items } = await client.json<ItemsResponse>(
      'GET',
      '/api/items',
      undefined,
      200,
      headers,
    );
    if (items.length !== total) throw new Error(`seeded ${items.length} items, not ${total}`);
    return buildItemIndex(items.map((i) => ({ ...i, pendingDelta: 0 })));
  } finally {
    client.close();
  }
}

/** The Items screen's count line for `query`, as the app renders it. */
function countLine(index: ItemIndex, query: string): string {
  const shown = filterItems(index, query, '').length;
  return `Showing ${formatCount(shown)} of ${formatCount(index.items.length)} items`;
}

/** Digit queries every prefix of which changes the count on every side. */
function queriesFor(indexes: readonly ItemIndex[], wanted: number): string[] {
  const random = seededRandom(7);
  const found: string[] = [];
  for (let tries = 0; found.length < wanted; tries++) {
    if (tries > 10_000) throw new Error('no digit queries narrow both lists at every keystroke');
    const q = String(Math.floor(random() * 900) + 100);
    const changes = (index: ItemIndex) =>
      [1, 2, 3].every(
        (k) => countLine(index, q.slice(0, k)) !== countLine(index, q.slice(0, k - 1)),
      );
    if (!found.includes(q) && indexes.every(changes)) found.push(q);
  }
  return found;
}

interface Side {
  index: ItemIndex;
  page: Page;
  /** Sign-in until the Items screen showed every item (the first sync of the list). */
  firstLoadMs: number;
}

/** A signed-in page on the Items screen with every item shown; and how long that took. */
async function openSide(
  browser: Browser,
  url: string,
  probe: string,
  index: ItemIndex,
): Promise<{ page: Page; firstLoadMs: number }> {
  const context = await newPhoneContext(browser);
  await context.addInitScript({ content: probe });
  const page = await context.newPage();
  logPageErrors(page);
  // A loaded machine may take a while; a page that never gets there says what it shows instead.
  page.setDefaultTimeout(LOADED_MS);
  const started = performance.now();
  try {
    await signInUi(page, url);
    await page
      .getByRole('status')
      .filter({ hasText: countLine(index, '') })
      .waitFor();
  } catch (e) {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 500));
    throw new Error(`${url}: ${e instanceof Error ? e.message : String(e)}; page shows: ${shown}`);
  }
  return { page, firstLoadMs: performance.now() - started };
}

const arm = (page: Page, expected: string) =>
  page.evaluate((t) => (globalThis as unknown as KeystrokeProbe).armPaint(t), expected);
const painted = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as KeystrokeProbe).paintedAfterKey());

/** Clears the search field (not timed), then types `query` one key at a time: ms per key. */
async function typeQuery({ page, index }: Side, query: string): Promise<number[]> {
  const field = page.getByLabel('Search items');
  if ((await field.inputValue()) !== '') {
    await arm(page, countLine(index, ''));
    await field.fill('');
    await painted(page);
  }
  await field.focus();
  const samples: number[] = [];
  for (let k = 1; k <= query.length; k++) {
    await arm(page, countLine(index, query.slice(0, k)));
    await page.keyboard.press(query[k - 1]!);
    samples.push(await painted(page));
  }
  return samples;
}

interface Round {
  large: number;
  small: number;
  ratio: number;
}

/** Rounds of `perRound` queries, typed on the 10,000-item side and then on the 100-item side. */
async function measure(
  large: Side,
  small: Side,
  queries: readonly string[],
  perRound: number,
): Promise<{ large: number[]; small: number[]; rounds: Round[] }> {
  const all = { large: [] as number[], small: [] as number[], rounds: [] as Round[] };
  for (let start = 0; start < queries.length; start += perRound) {
    const times = { large: [] as number[], small: [] as number[] };
    for (const [name, side] of [
      ['large', large],
      ['small', small],
    ] as const) {
      await side.page.bringToFront();
      for (const q of queries.slice(start, start + perRound)) {
        times[name].push(...(await typeQuery(side, q)));
      }
      all[name].push(...times[name]);
    }
    const l = median(times.large);
    const s = median(times.small);
    all.rounds.push({ large: round(l, 2), small: round(s, 2), ratio: round(l / s) });
  }
  return all;
}

function spread(side: Side, samples: readonly number[]): Record<string, number> {
  return {
    keystrokes: samples.length,
    p50: round(median(samples), 2),
    p90: round(percentile(samples, 90), 2),
    max: round(Math.max(...samples), 2),
    firstLoadMs: round(side.firstLoadMs, 0),
  };
}

export const ui10kVs100: Figure = {
  name: 'ui_10k_vs_100',
  target: '≤ 2',
  async run({ quick, workDir, profileDir }) {
    const rounds = quick ? 2 : 4;
    const queriesPerRound = quick ? 3 : 4;
    const distDir = join(workDir, 'dist');
    return withBrowser(async (launched) => {
      // The servers only check at start that STATIC_DIR holds an app and read its files per
      // request: on a placeholder they start and are seeded while vite builds the real one
      // elsewhere (vite empties its output directory first), copied in when done.
      mkdirSync(distDir, { recursive: true });
      writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>building</title>');
      const buildDir = join(workDir, 'build');
      const built = Promise.all([
        bundleScript(join(REPO_ROOT, 'bench/browser/keystroke-probe.ts')),
        buildApp(buildDir).then(() => cpSync(buildDir, distDir, { recursive: true })),
      ]);
      built.catch(() => undefined);
      const specs = SIZES.map((n) => ({
        env: pageServerEnv(join(workDir, `items-${n}`), distDir),
        profileDir: profileDir && join(profileDir, `items-${n}`),
      }));
      return withServers(specs, async (servers) => {
        const indexes = await Promise.all(SIZES.map((n, i) => seedItems(servers[i]!.url, n)));
        const [probe] = await built;
        const queries = queriesFor(indexes, 1 + rounds * queriesPerRound);
        const browser = await launched;
        // Both sign in at once (firstLoadMs shares the machine between them).
        const [large, small] = await Promise.all(
          indexes.map(async (index, i): Promise<Side> => ({
            index,
            ...(await openSide(browser, servers[i]!.url, probe, index)),
          })),
        );
        if (!large || !small) throw new Error('two sides expected');
        // Warm-up (not counted): the first renders and the JIT on both pages.
        for (const side of [large, small]) await typeQuery(side, queries[0]!);
        const m = await measure(large, small, queries.slice(1), queriesPerRound);
        return atMost(median(m.rounds.map((r) => r.ratio)), 2, {
          unit: 'ms, keydown → first frame painted with the filtered list',
          items10k: spread(large, m.large),
          items100: spread(small, m.small),
          totalRatio: round(median(m.large) / median(m.small)),
          queries,
          rounds: m.rounds,
        });
      });
    });
  },
};
