/**
 * Real Chromium for the client figures: the browser of the e2e suites (tests/e2e/support/browser.ts),
 * and pages bundled into a directory that a bench server serves as its STATIC_DIR, so the page and
 * the API share one origin with no proxy in between (as the built PWA does).
 */
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, launchProfileOnDisk } from '../../tests/e2e/support/browser';
import { benchEnv } from './server-process';

/**
 * Starts launching Chromium and runs `body` at once (so it can start servers meanwhile), handing it
 * the launch to await; always closes the browser afterwards.
 */
export function withBrowser<T>(body: (launched: Promise<Browser>) => Promise<T>): Promise<T> {
  return closedAfter(launchBrowser(), body);
}

/**
 * The same with one Chromium profile on disk in `dir`: for the figures of the client's IndexedDB
 * (its pages' commits go to files, as on a phone, not to an off-the-record context's memory).
 */
export function withProfileOnDisk<T>(
  dir: string,
  body: (launched: Promise<BrowserContext>) => Promise<T>,
): Promise<T> {
  return closedAfter(launchProfileOnDisk(dir), body);
}

async function closedAfter<B extends { close(): Promise<void> }, T>(
  launched: Promise<B>,
  body: (launched: Promise<B>) => Promise<T>,
): Promise<T> {
  // A failed launch is the body's to report when it awaits it; never an unhandled rejection.
  launched.catch(() => undefined);
  try {
    return await body(launched);
  } finally {
    await launched.then(
      (browser) => browser.close(),
      () => undefined,
    );
  }
}

/** `entry` bundled for the browser as one script (unminified, so a CPU profile names functions). */
export async function bundleScript(
  entry: string,
  format: 'esm' | 'iife' = 'iife',
): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format,
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** `entry` bundled as `dir/page.js`, loaded by `dir/index.html`: a STATIC_DIR for a bench server. */
export async function bundlePage(entry: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'page.js'), await bundleScript(entry, 'esm'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>bench page</title><script type="module" src="/page.js"></script>',
  );
}

/** A bench server's environment on a fresh database in `dir`, serving `staticDir` at `/`. */
export function pageServerEnv(dir: string, staticDir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  return { ...benchEnv(dir), DATABASE_URL: `sqlite:${join(dir, 'x.db')}`, STATIC_DIR: staticDir };
}

/** Uncaught exceptions in the page, on the bench's stderr (a figure's page should have none). */
export function logPageErrors(page: Page): void {
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
}

/** Opens `url` and waits until the page's script has defined the global `fn`. */
export async function openPage(context: BrowserContext, url: string, fn: string): Promise<Page> {
  const page = await context.newPage();
  logPageErrors(page);
  await page.goto(url);
  await page.waitForFunction((name) => name in globalThis, fn);
  return page;
}

/** A Chrome CPU profile of the page while `body` runs, written to `file` (for profile-summary.ts). */
export async function profilePage<T>(
  page: Page,
  file: string | null,
  body: () => Promise<T>,
): Promise<T> {
  if (file === null) return body();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  try {
    return await body();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    await cdp.detach();
  }
}
