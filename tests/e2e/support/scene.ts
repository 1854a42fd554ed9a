/** Per-file setup of a browser and a server, and the demo item a test works on. */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Item } from '../../../src/protocol/schemas';
import type { Api } from '../../api/support/api';
import { AppServer } from './app-server';
import { launchBrowser } from './browser';

export interface Scene {
  server: AppServer;
  browser: Browser;
}

/** Starts a server (with `env`) and Chromium before the file's tests; stops both after. */
export function useScene(env: Record<string, string> = {}): Scene {
  const scene = {} as Scene;
  beforeAll(async () => {
    scene.server = await AppServer.start(env);
    scene.browser = await launchBrowser();
  });
  afterAll(async () => {
    await scene.browser?.close();
    await scene.server?.dispose();
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
