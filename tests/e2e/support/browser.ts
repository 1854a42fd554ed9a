/** Real Chromium for the browser suites (playwright-core driving the system's Chromium). */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface ContextOptions {
  /** Block the service worker, where a test intercepts the page's requests with `page.route`. */
  blockServiceWorker?: boolean;
}

/** A phone-sized context: the app is mobile-first. */
export function newPhoneContext(browser: Browser, o: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: o.blockServiceWorker ? 'block' : 'allow',
  });
}

/** Problems a page reports (uncaught exceptions), collected so a test can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
