/**
 * Phones with a camera for the scanning suites: a Chromium whose fake camera films a barcode
 * (fake-camera.ts draws it), contexts that remember every camera stream a page opened, and the
 * service worker's barcode reader cache (src/sw/reader-files.ts) as a test can observe it.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SCREENS_CACHE } from '../../../src/sw/after-sign-in';
import { READER_CACHE } from '../../../src/sw/reader-files';
import { launchBrowser, newPhoneContext } from './browser';
import { writeBarcodeVideo } from './fake-camera';

/** A Chromium whose only camera shows `code` as a barcode (fake-camera.ts; the video is written in `dir`). */
export async function browserFilming(dir: string, code: string): Promise<Browser> {
  const video = join(dir, `${code.replace(/[^\w-]/g, '_')}.y4m`);
  await writeBarcodeVideo(video, code);
  return launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}

/** A phone with the camera allowed for `origin`, which remembers every camera stream it opened. */
export async function cameraContext(browser: Browser, origin: string): Promise<BrowserContext> {
  const context = await newPhoneContext(browser);
  await context.grantPermissions(['camera'], { origin });
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    const w = window as unknown as { __streams: MediaStream[]; __lensCovered?: boolean };
    w.__streams = streams;
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    // A covered lens films a blank frame: a camera that is open and live but reads nothing.
    const blank = (): MediaStream => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      canvas.getContext('2d')?.fillRect(0, 0, 640, 480);
      return canvas.captureStream(10);
    };
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = w.__lensCovered === true ? blank() : await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  return context;
}

/** From now on the page's camera films a blank frame (still opens, never reads a code). */
export async function coverLens(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __lensCovered: boolean }).__lensCovered = true;
  });
}

/** How many camera tracks the page opened, and how many are still live. */
export function cameraTracks(page: Page): Promise<{ opened: number; live: number }> {
  return page.evaluate(() => {
    const tracks = (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) =>
      s.getTracks(),
    );
    return { opened: tracks.length, live: tracks.filter((t) => t.readyState === 'live').length };
  });
}

/** Every URL in the origin's Cache Storage, by cache name. */
export function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const byName: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      byName[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    }
    return byName;
  });
}

/** The paths of the barcode reader's files the service worker holds for offline use. */
export async function readerFiles(page: Page): Promise<string[]> {
  const cached = (await cachedUrls(page))[READER_CACHE] ?? [];
  return cached.map((u) => new URL(u).pathname).sort();
}

const READER = [/^\/assets\/wasm-detector-[\w-]+\.js$/, /^\/assets\/zxing_reader-[\w-]+\.wasm$/];

/**
 * The screens behind sign-in, in the worker's cache of them after the warm-up (sorted by path).
 * The reorder list is one of the everyday screens (its chunk), as are Items and its CSV download.
 */
const SCREENS = [
  /^\/assets\/everyday-screens-[\w-]+\.js$/,
  /^\/assets\/import-screen-[\w-]+\.js$/,
  /^\/assets\/scan-panel-[\w-]+\.css$/,
  /^\/assets\/scan-panel-[\w-]+\.js$/,
  /^\/assets\/tester-screen-[\w-]+\.js$/,
];

/** The paths of the screens' files the service worker holds for offline use. */
export async function screenFiles(page: Page): Promise<string[]> {
  const cached = (await cachedUrls(page))[SCREENS_CACHE] ?? [];
  return cached.map((u) => new URL(u).pathname).sort();
}

/**
 * English's words of the screens behind sign-in (src/app/i18n/en.ts): a catalogue chunk of its own
 * when nothing imports it statically, else a chunk the screens share; cached either way.
 */
const SCREEN_WORDS = /^\/assets\/en-[\w-]+\.js$/;

/**
 * Waits for the screens' warm-up after sign-in: every later screen's chunk in the worker's cache
 * (shared chunks such as attempt-words may be there too), and their English words.
 */
export async function screensWarmedUp(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const files = await screenFiles(page);
        const words = Object.values(await cachedUrls(page))
          .flat()
          .map((u) => new URL(u).pathname);
        return (
          SCREENS.every((r) => files.some((f) => r.test(f))) &&
          words.some((f) => SCREEN_WORDS.test(f))
        );
      },
      { message: 'the screens behind sign-in in the service worker’s cache' },
    )
    .toBe(true);
}

/**
 * Waits for the warm-up after sign-in: the screens (the scanner's panel among them), the reader's
 * chunk and its .wasm in the worker's caches (a state, polled with a deadline that only bounds a
 * hang).
 */
export async function readerWarmedUp(page: Page): Promise<void> {
  await screensWarmedUp(page);
  await expect
    .poll(
      async () => {
        const files = await readerFiles(page);
        return files.length === 2 && READER.every((r, i) => r.test(files[i] ?? ''));
      },
      { message: 'the barcode reader in the service worker’s cache' },
    )
    .toBe(true);
}

/**
 * Empties Chromium's HTTP cache, so that offline only the service worker can answer: an
 * `immutable` file fetched online would otherwise still load from the HTTP cache.
 */
export async function clearHttpCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** Resolves once a service worker controls the page (after the first install, at once later). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r));
    }
  });
}

/**
 * The test's premise: the context is offline for the service worker too, not only for its pages
 * (the worker's own fetches fail), so a file it serves offline really came from its cache.
 */
export async function workerIsOffline(context: BrowserContext): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker in this context');
  const result = await worker.evaluate(() =>
    fetch('/api/health', { cache: 'no-store' }).then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(result, 'a fetch by the service worker while offline').toBe('failed');
}
