/**
 * A Scenario of the Tester panel played in a real browser, step by step, and what is measured of
 * it: each state word of its change stays on screen at least a second (measured in the page: a
 * MutationObserver notes when each word appears and disappears, so nothing here sleeps), the
 * story runs straight through its states, its steps are ticked off, the timeline's server rows are
 * words, never raw event codes, and the Armed faults list says what the server's rules are. Its
 * callers, scenarios-unknown.test.ts and scenarios-busy-old.test.ts, play three stories each.
 */
import { mkdir } from 'node:fs/promises';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ArmedFaults } from '../../../src/protocol/schemas';
import { makeFormat } from '../../../src/app/format';
import { en } from '../../../src/app/i18n/en';
import { testerText } from '../../../src/app/tester-words';
import { nav } from './app';
import { signInUi } from './sign-in';
import { expectConsole, newPhoneContext } from './browser';
import type { Scene } from './scene';

/** The browser runs in English: the armed faults read as the panel shows them. */
const armedFaultText = testerText(en.tester.fault, makeFormat('en-GB', en.format).count).armedFault;

const NOW = '[aria-label^="Scenario:"] [role="status"] strong';

interface Span {
  label: string;
  ms: number;
}

/**
 * Records, in the page, each stretch of time a label stays in the narration's "Now: …" line:
 * `read()` returns them in order, the one still on screen measured up to now.
 */
async function watchNow(page: Page): Promise<() => Promise<Span[]>> {
  await page.evaluate((selector) => {
    const spans: { label: string; from: number; to: number | null }[] = [];
    let current: (typeof spans)[number] | null = null;
    const look = (): void => {
      const label = document.querySelector(selector)?.textContent ?? '';
      if (current?.label === label) return;
      const at = performance.now();
      if (current) current.to = at;
      current = label ? { label, from: at, to: null } : null;
      if (current) spans.push(current);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    look();
    (window as unknown as { __spans: () => Span[] }).__spans = () =>
      spans.map((s) => ({ label: s.label, ms: (s.to ?? performance.now()) - s.from }));
  }, NOW);
  return () => page.evaluate(() => (window as unknown as { __spans: () => Span[] }).__spans());
}

/** The longest stretch a label starting with `word` stayed on screen (0: never seen). */
const longest = (spans: readonly Span[], word: string): number =>
  Math.max(0, ...spans.filter((s) => s.label.startsWith(word)).map((s) => s.ms));

const SAVED = 'Saved on this device';
const LOST = [SAVED, 'Sending…', 'Outcome unknown', 'Checking outcome…', 'Confirmed'];
type StoryName =
  | 'Lost reply after commit'
  | 'Failure before commit'
  | 'Reply slower than the app waits'
  | 'Server busy'
  | 'Too old to apply'
  | 'Old backup restored';
/**
 * Each story's state words, exactly in the order the change shows them (a word ending in a reason,
 * "Needs review: …", by its start); the last is where it ends. Nothing loops: the first check
 * finds the answer. Server busy's second send is its story ("Sending… again, after the server's
 * Retry-After"). "Confirmed by server; finishing on this device" lasts the local transaction
 * (milliseconds) and is left out where a React commit may skip it.
 */
const STORIES: Record<StoryName, string[]> = {
  'Lost reply after commit': LOST,
  'Failure before commit': LOST,
  'Reply slower than the app waits': LOST,
  'Server busy': [SAVED, 'Sending…', SAVED, 'Sending…', 'Confirmed'],
  'Too old to apply': [SAVED, 'Sending…', 'Outcome unknown', 'Checking outcome…', 'Not applied'],
  'Old backup restored': ['Needs review', 'Checking outcome…', 'Confirmed'],
};

/** The stories named, in that order, each with its state words (for `it.each`). */
export const stories = (...names: StoryName[]): [name: string, words: string[]][] =>
  names.map((name) => [name, STORIES[name]]);

const FINISHING = 'Confirmed by server; finishing on this device';
/** What the stories' faults make Chromium log, on purpose: a dropped reply, a busy server. */
const PROVOKED =
  /Failed to load resource: (net::ERR_EMPTY_RESPONSE|the server responded with a status of 503 \(Service Unavailable\)) \(http:\/\/[^)]+\/api\/operations\)$/;

/** "14:03:07.120" (or with a comma) to milliseconds since midnight. */
function clockMs(text: string): number {
  const m = /(\d{2}):(\d{2}):(\d{2})[.,](\d{3})/.exec(text);
  if (!m) throw new Error(`not a clock time: ${text}`);
  const [h, min, sec, ms] = m.slice(1).map(Number) as [number, number, number, number];
  return ((h * 60 + min) * 60 + sec) * 1000 + ms;
}

/** A raw event or fault code such as "attempt-received" or "drop-response". */
const RAW_CODE = /\b[a-z]+-[a-z]+\b/;

/** The server's armed rules, in the words the Armed faults list uses. */
export async function serverRuleWords(scene: Scene): Promise<string[]> {
  const api = await scene.server.api();
  return ArmedFaults.parse((await api.get('/api/sim/faults')).body).rules.map((rule) =>
    armedFaultText(rule),
  );
}

export const shownRuleWords = (page: Page): Promise<string[]> =>
  page.locator('.armed-faults__text').allTextContents();

/**
 * Plays the story `name` on a new phone, step by step, and checks that it shows `words`, each a
 * second at least, ticks its steps, and tells its timeline in words and in time order.
 */
export async function playStepByStep(scene: Scene, name: string, words: string[]): Promise<void> {
  expectConsole(PROVOKED);
  const context = await newPhoneContext(scene.browser);
  const page = await context.newPage();
  await signInUi(page, scene.server.url);
  await nav(page, 'Tester').click();
  const spans = await watchNow(page);
  await page.getByRole('group', { name: 'Scenarios' }).getByRole('button', { name }).click();
  // The story is told where a phone shows it: its heading in view, under no bar.
  const heading = page.getByRole('region', { name: `Scenario: ${name}` }).getByRole('heading');
  await expect
    .poll(() =>
      heading.evaluate((h) => {
        const r = h.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
        return r.top >= 0 && r.bottom <= window.innerHeight && (hit === h || h.contains(hit));
      }),
    )
    .toBe(true);
  await expect
    .poll(() => page.getByRole('switch', { name: 'Step by step' }).getAttribute('aria-checked'))
    .toBe('true');
  if (name === 'Lost reply after commit') {
    // Mid-way, for docs/client.md: the story, its ticked steps, and the change held unknown.
    await page.locator(NOW, { hasText: 'Outcome unknown' }).waitFor({ timeout: 60_000 });
    await mkdir('docs/screenshots', { recursive: true });
    // A viewport as tall as the page, so the fixed bars cover none of the Scenarios card.
    const viewport = page.viewportSize() ?? { width: 390, height: 844 };
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height });
    await page
      .locator('section[aria-labelledby="scenarios-heading"]')
      .screenshot({ path: 'docs/screenshots/scenario-midway.png' });
    await page.setViewportSize(viewport);
  }
  // Ends on its last word, and that word too has been on screen a second.
  const last = words[words.length - 1] ?? '';
  await expect
    .poll(async () => longest(await spans(), last) >= 1_000, { timeout: 120_000 })
    .toBe(true);
  const seen = await spans();
  // Straight: exactly the story's states, in order, nothing else.
  expect(
    seen
      .filter((s) => s.label !== FINISHING)
      .map((s) => (s.label.startsWith('Needs review') ? 'Needs review' : s.label))
      .map((l) => (l.startsWith('Not applied') ? 'Not applied' : l)),
    JSON.stringify(seen),
  ).toEqual(words);
  // Each held a second; a story's first "Saved on this device" comes before the first hold
  // (the sender takes the change at once), Server busy's second one is held like the rest.
  for (const word of new Set(words.filter((w, i) => i > 0 || w !== SAVED))) {
    expect(
      longest(seen, word),
      `${word} on screen (ms) in ${JSON.stringify(seen)}`,
    ).toBeGreaterThanOrEqual(1_000);
  }
  // Every step of the story ticked off, in the order the app saw them.
  const list = page.getByRole('list', { name: 'Steps' });
  const total = await list.getByRole('checkbox').count();
  await expect.poll(() => list.getByRole('checkbox', { checked: true }).count()).toBe(total);

  // The timeline follows the story's change; its server rows are words, never codes.
  const serverRows = page.locator('.timeline__row--server td:last-child');
  await expect.poll(() => serverRows.count()).toBeGreaterThan(0);
  for (const text of await serverRows.allTextContents()) expect(text).not.toMatch(RAW_CODE);
  // In time order, and "This device sent attempt N" stamped when it left: the server
  // received it within a moment (not the step-by-step hold before it).
  const rows = await page
    .locator('.timeline__row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
  // Each side's rows in its own time order (the two clocks are not compared: a story may
  // move the server's by days), and each attempt told whole: sent before the server got it.
  for (const side of ['This device', 'Server']) {
    const times = rows.filter((r) => r[1] === side).map(([time]) => clockMs(time ?? ''));
    expect(times, JSON.stringify(rows)).toEqual([...times].sort((x, y) => x - y));
  }
  const firstOf = (text: RegExp): number => rows.findIndex((r) => text.test(r[2] ?? ''));
  expect(firstOf(/^This device (sent|asked)/), JSON.stringify(rows)).toBeLessThan(
    Math.max(0, firstOf(/^The server received/)),
  );
  if (words === LOST) {
    const at = (text: string): number => {
      const row = rows.find((r) => r[2] === text);
      if (!row) throw new Error(`${text} not in ${JSON.stringify(rows)}`);
      return clockMs(row[0] ?? '');
    };
    const lag = at('The server received attempt 1') - at('This device sent attempt 1');
    expect(lag, JSON.stringify(rows)).toBeGreaterThanOrEqual(-50);
    expect(lag, JSON.stringify(rows)).toBeLessThan(1_000);
  }
  // What the list shows is what the server holds (its rules used up by now, or any left).
  await expect
    .poll(async () => (await shownRuleWords(page)).join('\n'))
    .toBe((await serverRuleWords(scene)).join('\n'));
  await context.close();
}
