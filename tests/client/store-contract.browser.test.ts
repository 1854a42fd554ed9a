/**
 * The storage port's contract suite in REAL Chromium: the same cases as on fake-indexeddb
 * (src/client/store/store-contract.test.ts), bundled with the IndexedDB adapter into a test page.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_CONTRACT, type CaseResult } from '../support/client/store-contract';
import { launchBrowser } from '../e2e/support/browser';
import { serveBundle, type TestPage } from './support/test-page';

let page: TestPage;
let browser: Browser;
let results: CaseResult[] = [];

beforeAll(async () => {
  page = await serveBundle(join(import.meta.dirname, 'browser/contract-page.ts'));
  browser = await launchBrowser();
  const tab = await browser.newPage();
  await tab.goto(page.url);
  await tab.waitForFunction(() => 'runStoreContract' in globalThis);
  results = await tab.evaluate(() =>
    (globalThis as unknown as { runStoreContract: () => Promise<CaseResult[]> }).runStoreContract(),
  );
});

afterAll(async () => {
  await browser?.close();
  await page?.close();
});

describe('storage port contract: IndexedDB in real Chromium', () => {
  it('ran every case of the contract', () => {
    expect(results.map((r) => r.name)).toEqual(STORE_CONTRACT.map((c) => c.name));
  });
  it.each(STORE_CONTRACT.map((c) => c.name))('%s', (name) => {
    const result = results.find((r) => r.name === name);
    expect(result?.error ?? null).toBeNull();
    expect(result?.ok).toBe(true);
  });
});
