/**
 * Scanning in real Chromium: a fake camera (Chromium's own fake capture device, fed a
 * Y4M picture of an EAN-13 barcode drawn in tests/e2e/support/fake-camera.ts) points at a demo
 * item's label. Headless Chromium on Linux has no BarcodeDetector, so the ZXing WebAssembly reader
 * runs: offline, from the service worker's reader cache (fetched after sign-in, not at install:
 * first-visit.test.ts), under the server's Content-Security-Policy.
 * The scanner's screenshot goes to docs/screenshots/.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { nav } from './support/app';
import { seriousViolations } from './support/axe';
import { collectPageErrors, goOffline, newPhoneContext } from './support/browser';
import {
  browserFilming,
  cachedUrls,
  cameraContext,
  cameraTracks,
  clearHttpCache,
  coverLens,
  controlledByServiceWorker,
  readerFiles,
  readerWarmedUp,
  workerIsOffline,
} from './support/camera-phone';
import { useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();
const LAMP = { name: 'Desk lamp, brass', barcode: '2000014000148' };
/** A valid EAN-13 no demo item carries. */
const UNKNOWN = '4006381333931';

let dir: string;
const browsers: Browser[] = [];
const errors: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stockroom-camera-'));
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await rm(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

async function filming(code: string): Promise<Browser> {
  const browser = await browserFilming(dir, code);
  browsers.push(browser);
  return browser;
}

async function cameraPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await cameraContext(browser, scene.server.url);
  const page = await context.newPage();
  errors.push(...collectPageErrors(page));
  return { context, page };
}

describe('scanning a barcode', () => {
  it('offline, the camera reads a demo item’s EAN-13 and opens the item; the camera stops', async () => {
    const { context, page } = await cameraPhone(await filming(LAMP.barcode));
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    // A first visit installs the app without the reader: no .wasm anywhere in Cache Storage.
    await page.goto(scene.server.url);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await controlledByServiceWorker(page);
    const installed = Object.values(await cachedUrls(page))
      .flat()
      .map((u) => new URL(u).pathname);
    expect(installed).toContain('/index.html');
    expect(installed.filter((path) => /\.wasm$|wasm-detector/.test(path))).toEqual([]);

    await signInUi(page, scene.server.url, 'demo');
    await page.getByRole('link', { name: LAMP.name, exact: true }).waitFor();
    // Signed in: the worker fetches the reader into its own cache (the app's files, same origin).
    await readerWarmedUp(page);
    const [chunk, wasm] = await readerFiles(page);
    const served = await page.request.get(`${scene.server.url}${wasm ?? ''}`);
    expect(served.headers()['content-type']).toBe('application/wasm');
    expect(chunk).toMatch(/wasm-detector/);
    // Which reader runs here: Chromium on Linux has no BarcodeDetector, so the WebAssembly one.
    const native = await page.evaluate(() => 'BarcodeDetector' in window);

    // The page itself loads the scanner and its reader only when opened.
    const scanner = /scan-panel|wasm-detector|\.wasm$/;
    expect(loaded.filter((path) => scanner.test(path))).toEqual([]);

    // Offline with an empty HTTP cache: only the service worker's caches can answer.
    await clearHttpCache(page);
    await goOffline(context);
    await workerIsOffline(context);
    const fromWorker: string[] = [];
    page.on('response', (r) => {
      if (r.fromServiceWorker()) fromWorker.push(new URL(r.url()).pathname);
    });
    await page.getByRole('button', { name: 'Scan barcode' }).click();
    await page.getByRole('heading', { level: 1, name: LAMP.name }).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Confirmed quantity').count()).toBe(1);
    expect(await cameraTracks(page)).toEqual({ opened: 1, live: 0 });
    expect(native, 'expected the WebAssembly reader to be what ran').toBe(false);
    expect(fromWorker).toEqual(expect.arrayContaining([chunk, wasm]));
    expect(loaded.filter((path) => scanner.test(path)).length).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('a barcode no item has: managers are offered a new item with it; staff are told', async () => {
    const browser = await filming(UNKNOWN);
    const { context, page } = await cameraPhone(browser);
    await signInUi(page, scene.server.url, 'manager');
    await page.getByRole('button', { name: 'Scan barcode' }).click();
    const scanner = page.getByRole('region', { name: 'Scan barcode' });
    await scanner.getByText(`No item has barcode ${UNKNOWN}`).waitFor({ timeout: 30_000 });
    expect(await cameraTracks(page)).toEqual({ opened: 1, live: 0 });
    expect(await seriousViolations(page), 'scanner').toEqual([]);
    await mkdir('docs/screenshots', { recursive: true });
    await page.screenshot({ path: 'docs/screenshots/scan-no-match.png' });
    await scanner.getByRole('link', { name: 'New item with this barcode' }).click();
    const form = page.getByRole('form', { name: 'New item' });
    expect(await form.getByLabel('Barcode').inputValue()).toBe(UNKNOWN);
    await context.close();

    const staff = await cameraPhone(browser);
    await signInUi(staff.page, scene.server.url, 'demo');
    await staff.page.getByRole('button', { name: 'Scan barcode' }).click();
    const staffScanner = staff.page.getByRole('region', { name: 'Scan barcode' });
    await staffScanner.getByText(`No item has barcode ${UNKNOWN}`).waitFor({ timeout: 30_000 });
    expect(await staffScanner.getByRole('link').count()).toBe(0);
    // Scan again opens the camera anew; leaving Items stops it. The lens is covered first, so the
    // camera stays open (the code filmed would be read again and the camera stopped at once).
    await coverLens(staff.page);
    await staffScanner.getByRole('button', { name: 'Scan again' }).click();
    await expect.poll(() => cameraTracks(staff.page)).toEqual({ opened: 2, live: 1 });
    await nav(staff.page, 'Activity').click();
    await expect.poll(() => cameraTracks(staff.page)).toEqual({ opened: 2, live: 0 });
    await staff.context.close();
  });

  it('without a camera: a clear message, and the typed code finds the item', async () => {
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    errors.push(...collectPageErrors(page));
    await signInUi(page, scene.server.url, 'demo');
    await page.getByRole('button', { name: 'Scan barcode' }).click();
    const alert = page.getByRole('region', { name: 'Scan barcode' }).getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toMatch(/^(No camera was found|The camera).*Type the code into Search items instead\.$/);
    expect(await seriousViolations(page), 'scanner without a camera').toEqual([]);
    await page.getByRole('button', { name: 'Close scanner' }).click();
    expect(await page.getByRole('region', { name: 'Scan barcode' }).count()).toBe(0);
    await page.getByLabel('Search items').fill(LAMP.barcode);
    await page.getByRole('link', { name: LAMP.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: LAMP.name }).waitFor();
    await context.close();
  });
});
