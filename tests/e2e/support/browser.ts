/** Real Chromium for the browser suites (playwright-core driving the system's Chromium). */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * `extraArgs`: Chromium switches a suite needs besides ours (a fake camera, say). `env`: variables
 * set for Chromium on top of ours (a HOME whose NSS database trusts a certificate authority, say).
 */
export async function launchBrowser(
  extraArgs: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<Browser> {
  return chromium.launch(launchOptions(extraArgs, env));
}

/**
 * Chromium with one profile kept on disk in `dir`: its pages' IndexedDB commits to files, as on a
 * phone. A context of `launchBrowser` (`newContext`, `newPage`) is off the record: its IndexedDB
 * lives in memory, and a strict commit there flushes nothing.
 */
export async function launchProfileOnDisk(
  dir: string,
  context: Partial<ReturnType<typeof phoneOptions>> = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { ...launchOptions(), ...context });
}

function launchOptions(extraArgs: readonly string[] = [], env: Record<string, string> = {}) {
  return {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    ...(Object.keys(env).length === 0 ? {} : { env: { ...process.env, ...env } }),
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Chromium 150 makes a new document after each navigation (RenderDocument), and that
      // document forgets Playwright's offline emulation: a page reloaded or opened while the
      // context is offline (served by the service worker) reads navigator.onLine as true.
      '--disable-features=RenderDocument',
      ...extraArgs,
    ],
  };
}

export interface ContextOptions {
  /** Block the service worker, where a test intercepts the page's requests with `page.route`. */
  blockServiceWorker?: boolean;
  /** What the phone asks for with `prefers-color-scheme` (light unless said). */
  colorScheme?: 'light' | 'dark';
  /** The browser's language and locale (`navigator.languages`, Intl): Chromium's own unless said. */
  locale?: string;
}

/**
 * Every Content-Security-Policy violation any phone context's pages reported (Chromium logs each
 * as a console error), so a suite can assert the app works under the server's policy.
 */
export const cspViolations: string[] = [];
const CSP_REPORT = /Content Security Policy|Refused to (load|execute|apply|frame|connect)/i;
const SW_BLOCKED = 'Service Worker registration blocked by Playwright';

/** A phone-sized context: the app is mobile-first. */
export async function newPhoneContext(
  browser: Browser,
  o: ContextOptions = {},
): Promise<BrowserContext> {
  return watchedConsole(await browser.newContext(phoneOptions(o)), o);
}

/**
 * A phone whose Chromium keeps its profile on disk in `dir` (launchProfileOnDisk): what it stored
 * is there again when Chromium starts anew on the same `dir`, after `killChromium` too.
 */
export async function launchPhoneOnDisk(dir: string): Promise<BrowserContext> {
  return watchedConsole(await launchProfileOnDisk(dir, phoneOptions({})), {});
}

/**
 * Kills every process of the Chromium whose profile is `dir` with SIGKILL, as a phone's browser
 * dies: no page closes, nothing is written on the way out.
 */
export function killChromium(dir: string): number {
  const flag = `--user-data-dir=${dir}`;
  let killed = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    if (!args.includes(flag)) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
      killed++;
    } catch {
      // gone meanwhile
    }
  }
  return killed;
}

function phoneOptions(o: ContextOptions) {
  return {
    viewport: { width: 390, height: 844 },
    serviceWorkers: o.blockServiceWorker ? ('block' as const) : ('allow' as const),
    colorScheme: o.colorScheme ?? ('light' as const),
    ...(o.locale === undefined ? {} : { locale: o.locale }),
  };
}

/** Notes the context's console lines (`consoleProblems`, `cspViolations`). */
function watchedConsole(context: BrowserContext, o: ContextOptions): BrowserContext {
  context.on('console', (message) => {
    if (CSP_REPORT.test(message.text())) cspViolations.push(message.text());
    // Playwright's own words where a test blocks the worker: the harness, not the app.
    if (o.blockServiceWorker && message.text() === SW_BLOCKED) return;
    noteConsole(message.type(), message.text(), message.location().url);
  });
  return context;
}

/**
 * Console errors and warnings the phones' pages logged that the running test did not announce
 * with `expectConsole`: useScene fails the test on any (a clean console is part of what a person
 * sees; a warning on every load hides the one that matters).
 */
export const consoleProblems: string[] = [];
const expected: RegExp[] = [];

/**
 * A test that provokes a console error or warning on purpose (a dropped connection, the network
 * off) names it here; it holds until the test ends.
 */
export function expectConsole(...patterns: RegExp[]): void {
  expected.push(...patterns);
}

/**
 * What Chromium logs for requests a test breaks on purpose: a connection dropped or refused, the
 * network off, a tester fault's or a stopped server's status. For suites whose every test
 * provokes them (`beforeEach(() => expectConsole(...NETWORK_FAULTS))`); anything else still fails.
 */
export const NETWORK_FAULTS: readonly RegExp[] = [
  /^error: Failed to load resource: net::ERR_[A-Z_]+ \(/,
  /^error: Failed to load resource: the server responded with a status of (410|500|502|503|504) /,
];

/**
 * A read the app had in flight when the network went off (the items or places that changed, an
 * item's history or an earlier page of it, the stock-takes, the server's epoch, tester mode's clock, the app's icon): Chromium logs it as failed. Only
 * reads, only the cut itself.
 */
const READ_CUT_BY_OFFLINE =
  /^error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(\S+\/(api\/items(\?since=\d+|\/[^/?]+\/history\?limit=\d+(&before=[^&\s)]+)?)?|api\/places(\?since=\d+)?|api\/stocktakes(\/[^/?]+)?|api\/sim\/clock|readyz|favicon\.svg)\)$/;

/**
 * Takes the phone offline the way a test means it: whatever the app was reading at that moment
 * fails, and Chromium's line for it is announced. clean-console.test.ts checks, without this,
 * that the app asks nothing while it knows it is offline.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  expectConsole(READ_CUT_BY_OFFLINE);
  await context.setOffline(true);
}

/** Between tests: nothing expected any more, nothing noted. */
export function resetConsole(): void {
  expected.length = 0;
  consoleProblems.length = 0;
}

function noteConsole(type: string, text: string, url: string): void {
  if (type !== 'error' && type !== 'warning') return;
  const line = `${type}: ${text}${url ? ` (${url})` : ''}`;
  if (!expected.some((p) => p.test(line))) consoleProblems.push(line);
}

/** Problems a page reports (uncaught exceptions), collected so a test can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Fires a Background Sync event with `tag` at the origin's service worker, through DevTools, as the
 * browser would when the network comes back. `page` is any page of the origin (it need not run the app).
 */
export async function dispatchSync(page: Page, origin: string, tag: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/`);
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registration,
    tag,
    lastChance: false,
  });
  await cdp.detach();
}
