/**
 * The tester panel's fault buttons, each pressed as a tester would, then one change made: the
 * fault shows in the states the page goes through, and the change is still applied exactly once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Item } from '../../src/protocol/schemas';
import type { Api } from '../api/support/api';
import { browserScenario } from '../support/reliability';
import {
  FORBIDDEN,
  LABEL,
  adjustStock,
  deviceChangeLabel,
  eventually,
  nav,
  openItem,
  recordLabels,
} from './support/app';
import { signInUi } from './support/sign-in';
import { NETWORK_FAULTS, expectConsole, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';

const scene = useScene(); // SIMULATE=1: the tester panel is there
// Every test here arms a fault (a dropped request or reply, a failed commit, a busy
// server): Chromium logs each broken request.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

let context: BrowserContext;
let page: Page;
let api: Api;

beforeAll(async () => {
  context = await newPhoneContext(scene.browser);
  page = await context.newPage();
  await signInUi(page, scene.server.url);
  api = await scene.server.api();
});

afterAll(async () => {
  await context.close();
});

/** The armed fault rules on the server, with how many requests each still acts on. */
async function armed(): Promise<{ fault: string; remaining: number }[]> {
  const body = (await api.get('/api/sim/faults')).body as {
    rules: { fault: string; remaining: number }[];
  };
  return body.rules.map(({ fault, remaining }) => ({ fault, remaining }));
}

/** On the Tester screen: press `press`, and wait for the panel to say it was taken. */
async function arm(press: () => Promise<void>, said: RegExp): Promise<void> {
  await nav(page, 'Tester').click();
  const status = page.getByRole('region', { name: 'Faults' }).getByRole('status');
  await press();
  await expect.poll(() => status.textContent()).toMatch(said);
}

async function button(name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
}

/**
 * One change of −1 on a fresh item after the fault was armed; `meanwhile` runs once it is saved.
 * Returns every state label the page showed for it.
 */
async function changeUnderFault(meanwhile: (item: Item) => Promise<void> = async () => {}) {
  const item = await demoItem(api);
  await openItem(page, item.name);
  const labels = await recordLabels(page);
  await adjustStock(page, -1);
  await meanwhile(item);
  await expect
    .poll(() => deviceChangeLabel(page).textContent(), { timeout: 90_000 })
    .toBe(LABEL.confirmed);
  const journal = await api.history(item.id);
  expect(journal.filter((e) => e.delta === -1)).toHaveLength(1);
  expect((await api.item(item.id)).quantity).toBe(item.quantity - 1);
  expect(await armed()).toEqual([]);
  const seen = await labels();
  expect(seen.filter((s) => FORBIDDEN.test(s))).toEqual([]);
  return seen;
}

/** Whether the page showed `label` for the change (a row "summary: label", or a detail label). */
const showed = (seen: readonly string[], label: string): boolean =>
  seen.some((s) => s === label || s.endsWith(`: ${label}`));

describe('the tester panel', () => {
  beforeEach(browserScenario);

  it('Drop next request: the outcome is unknown, the resend applies it once', async () => {
    await arm(() => button('Drop next request'), /request will be dropped/);
    expect(await armed()).toEqual([{ fault: 'drop-request', remaining: 1 }]);
    const seen = await changeUnderFault();
    expect(showed(seen, LABEL.unknown)).toBe(true);
  });

  it('Fail next before commit: rolled back, unknown to the device, then applied once', async () => {
    await arm(() => button('Fail next before commit'), /rolled back before commit/);
    expect(await armed()).toEqual([{ fault: 'fail-before-commit', remaining: 1 }]);
    const seen = await changeUnderFault();
    expect(showed(seen, LABEL.unknown)).toBe(true);
  });

  it('Delay next past the app’s patience: unknown, then the same id gets the one receipt', async () => {
    await arm(async () => {
      // Longer than the app's 10 s per attempt: the reply comes after the app stopped waiting.
      await page.getByLabel('Delay (seconds)').fill('12');
      await button('Delay next');
    }, /will wait 12 s before processing/);
    expect(await armed()).toEqual([{ fault: 'delay', remaining: 1 }]);
    const seen = await changeUnderFault();
    expect(showed(seen, LABEL.sending)).toBe(true);
    expect(showed(seen, LABEL.unknown)).toBe(true);
  });

  it('Make server unavailable: refused and kept on the device until the fault is removed', async () => {
    await arm(() => button('Make server unavailable'), /refuses changes \(503\)/);
    const refusing = await armed();
    expect(refusing).toHaveLength(1);
    const seen = await changeUnderFault(async (item) => {
      // Refused (503, nothing applied) at least once: still saved on this device, not applied.
      await eventually(
        armed,
        (rules) => (rules[0]?.remaining ?? 0) < (refusing[0]?.remaining ?? 0),
        'a request refused',
      );
      expect(await deviceChangeLabel(page).textContent()).not.toBe(LABEL.confirmed);
      expect((await api.history(item.id)).filter((e) => e.delta === -1)).toEqual([]);
      // A lasting rule: it stays until removed from the Armed faults list.
      await nav(page, 'Tester').click();
      await page
        .getByRole('list', { name: 'Armed faults' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await eventually(armed, (rules) => rules.length === 0, 'the fault removed');
      await openItem(page, item.name);
    });
    expect(showed(seen, LABEL.sending)).toBe(true);
    expect(showed(seen, LABEL.unknown)).toBe(false); // a 503 is an answer: nothing was applied
  });
});
