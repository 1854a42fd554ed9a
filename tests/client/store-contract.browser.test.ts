/**
 * The storage port's contract suite in REAL Chromium: the same cases as on fake-indexeddb
 * (src/client/store/store-contract.test.ts), bundled with the IndexedDB adapter into a test page,
 * in a profile on disk (IndexedDB in files, as on a phone; an off-the-record context keeps it in
 * memory).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_CONTRACT, type CaseResult } from '../support/client/store-contract';
import { launchProfileOnDisk } from '../e2e/support/browser';
import { serveBundle, type TestPage } from './support/test-page';

let page: TestPage;
let profile: string;
let browser: BrowserContext;
let results: CaseResult[] = [];

beforeAll(async () => {
  page = await serveBundle(join(import.meta.dirname, 'browser/contract-page.ts'));
  profile = await mkdtemp(join(tmpdir(), 'stockroom-contract-'));
  browser = await launchProfileOnDisk(profile);
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
  if (profile) await rm(profile, { recursive: true, force: true });
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
