/**
 * A cold first visit (issue 13, api.md "HTTP hygiene"): the sign-in screen downloads only what
 * signing in needs, every asset compressed with brotli and hashed assets `immutable`; the screens
 * behind sign-in arrive when opened; and after the visit the service worker has every chunk, so a
 * reload offline opens any screen (server-down.test.ts covers the offline reload itself).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { newPhoneContext } from './support/browser';
import { signInUi } from './support/sign-in';
import { useScene } from './support/scene';

const scene = useScene();
const LAZY = /\/assets\/(everyday-screens|tester-screen)-/;

let context: BrowserContext;
let page: Page;
const responses: Response[] = [];

beforeAll(async () => {
  context = await newPhoneContext(scene.browser);
  page = await context.newPage();
  page.on('response', (r) => responses.push(r));
});

afterAll(async () => {
  await context.close();
});

describe('first visit', () => {
  it('shows the sign-in screen from compressed, immutable assets without the later screens', async () => {
    await page.goto(scene.server.url);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    const assets = responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'));
    expect(assets.map((r) => new URL(r.url()).pathname)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]),
    );
    for (const r of assets) {
      const headers = await r.allHeaders();
      expect(headers['content-encoding'], r.url()).toBe('br');
      expect(headers['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
    }
    expect(responses.filter((r) => LAZY.test(r.url())).map((r) => r.url())).toEqual([]);
  });

  it('opens the screens behind sign-in from their own chunk, precached by the service worker', async () => {
    await signInUi(page, scene.server.url);
    const cached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.filter((u) => LAZY.test(u))).toHaveLength(2);
    expect(cached.filter((u) => /\.(br|gz)(\?|$)/.test(u))).toEqual([]);
  });
});
