/** Per-file setup of a browser and a server, and the demo item a test works on. */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Item } from '../../../src/protocol/schemas';
import type { Api } from '../../api/support/api';
import { AppServer } from './app-server';
import { consoleProblems, cspViolations, launchBrowser, resetConsole } from './browser';

export interface Scene {
  server: AppServer;
  browser: Browser;
}

/**
 * Starts a server (with `env`) and Chromium (unless `browser: false`) before the file's tests;
 * stops both after, and checks that no page broke the server's Content-Security-Policy meanwhile.
 * Each test fails on a console error or warning it did not announce (browser.ts `expectConsole`).
 */
export function useScene(env: Record<string, string> = {}, o: { browser?: boolean } = {}): Scene {
  const scene = {} as Scene;
  beforeAll(async () => {
    scene.server = await AppServer.start(env);
    // A file whose phones launch their own Chromium (a profile on disk) asks for none here.
    if (o.browser !== false) scene.browser = await launchBrowser();
  });
  beforeEach(resetConsole);
  afterEach(() => {
    const problems = [...consoleProblems];
    resetConsole();
    expect(problems, 'console errors and warnings no test announced').toEqual([]);
  });
  afterAll(async () => {
    await scene.browser?.close();
    await scene.server?.dispose();
    expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
  });
  return scene;
}

let taken = 0;

/** A different demo item for each call in a file, with stock to remove. */
export async function demoItem(api: Api): Promise<Item> {
  const items = (await api.items()).items.filter((i) => i.quantity >= 10);
  const item = items[taken % items.length];
  taken += 1;
  if (!item) throw new Error('the demo data has no item with at least 10 in stock');
  return item;
}
