/**
 * HTTPS the way a shop runs it: a real Caddy (Debian's `caddy`) serves
 * deploy/Caddyfile's own `(stockroom)` block at `stockroom.test`, a name that is not localhost
 * (mapped to loopback inside Chromium only), with Caddy's internal certificate authority. The
 * browser trusts that authority the way a phone that installed its root certificate does: through
 * the NSS database in its home folder, with no certificate-error switch. Through the proxy the
 * service worker takes control, a change made offline is confirmed once, the server's own answers
 * pass unchanged, and the sign-in limits count each client's address (TRUST_PROXY=loopback).
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCaddy, type RunningCaddy } from '../deploy/support/caddy';
import { guessUntilLimited, proxyRequest } from '../deploy/support/https-request';
import { LABEL, adjustStock, nav, openItem } from './support/app';
import { AppServer } from './support/app-server';
import { goOffline, launchBrowser, newPhoneContext } from './support/browser';
import { controlledByServiceWorker, workerIsOffline } from './support/camera-phone';
import { emptyHome, homeTrusting } from './support/nss';
import { demoItem } from './support/scene';
import { signInUi } from './support/sign-in';

const NAME = 'stockroom.test';
/** Chromium alone resolves the shop's name, to loopback: the machine's resolver is untouched. */
const RESOLVE = `--host-resolver-rules=MAP ${NAME} 127.0.0.1`;

let server: AppServer;
let caddy: RunningCaddy;
let browser: Browser;
const homes: string[] = [];

beforeAll(async () => {
  // No tester mode: behind a proxy it is refused, and a shop does not run it.
  server = await AppServer.start({ TRUST_PROXY: 'loopback', SIMULATE: '0' });
  caddy = await startCaddy(NAME, new URL(server.url).host);
  const home = await homeTrusting(caddy.rootCertPath, 'Stockroom shop CA (Caddy local)');
  homes.push(home);
  browser = await launchBrowser([RESOLVE], { HOME: home });
});

afterAll(async () => {
  await browser?.close();
  await caddy?.stop();
  await server?.dispose();
  await Promise.all(homes.map((h) => rm(h, { recursive: true, force: true })));
});

describe('HTTPS through Caddy at a shop name', () => {
  it('trusts the certificate because the root is installed, and only then', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const response = await page.goto(caddy.origin);
    expect(response?.status()).toBe(200);
    expect(await page.evaluate(() => [location.protocol, window.isSecureContext])).toEqual([
      'https:',
      true,
    ]);
    await context.close();

    // The same browser without the installed root refuses the site: the trust above came from
    // the NSS database, not from anything else in the launch.
    const home = await emptyHome();
    homes.push(home);
    const untrusting = await launchBrowser([RESOLVE], { HOME: home });
    try {
      const other = await untrusting.newPage();
      await expect(other.goto(caddy.origin)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
    } finally {
      await untrusting.close();
    }
  });

  it('the service worker takes control; a change made offline is confirmed once', async () => {
    const api = await server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await signInUi(page, caddy.origin);
      await controlledByServiceWorker(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
        `${caddy.origin}/sw.js`,
      );
      await openItem(page, item.name);

      await goOffline(context);
      await workerIsOffline(context);
      await adjustStock(page, -2);
      const changes = page.getByRole('region', { name: "This device's changes" });
      await changes.getByText(LABEL.queued, { exact: true }).waitFor();
      expect((await api.history(item.id)).filter((e) => e.delta === -2)).toEqual([]);

      await context.setOffline(false);
      await expect
        .poll(() => changes.getByText(LABEL.confirmed, { exact: true }).count(), {
          timeout: 90_000,
        })
        .toBe(1);
      await expect.poll(() => nav(page, 'Activity').textContent()).toBe('Activity');
      const journal = await api.history(item.id);
      expect(journal.filter((e) => e.delta === -2)).toHaveLength(1);
      expect((await api.item(item.id)).quantity).toBe(item.quantity - 2);
    } finally {
      await context.close();
    }
  });

  it("passes the server's own answers: 413 problem+json, pre-compressed files; /metrics stays inside", async () => {
    const big = await proxyRequest(caddy, {
      path: '/api/session',
      body: Buffer.alloc(1024 * 1024 + 512 * 1024, 0x20),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    expect(big.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(big.text)).toMatchObject({ code: 'payload-too-large' });

    const distDir = inject('distDir');
    const asset = (await readdir(join(distDir, 'assets'))).find((f) => f.endsWith('.js'));
    for (const path of ['/sw.js', `/assets/${asset ?? 'none.js'}`]) {
      const headers = { 'accept-encoding': 'br, gzip' };
      const direct = await fetch(`${server.url}${path}`, { headers });
      const proxied = await proxyRequest(caddy, { path, headers });
      expect(proxied.status, path).toBe(200);
      for (const name of ['content-encoding', 'cache-control', 'etag', 'content-type']) {
        expect(proxied.headers[name], `${path} ${name}`).toBe(
          direct.headers.get(name) ?? undefined,
        );
      }
      // Byte for byte the server's pre-compressed file: nothing decoded or compressed again.
      expect(proxied.headers['content-encoding'], path).toBe('br');
      expect(proxied.body.equals(await readFile(join(distDir, `${path}.br`))), path).toBe(true);
    }

    expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
    expect((await proxyRequest(caddy, { path: '/metrics' })).status).toBe(404);
  });

  it('the sign-in limits count the address Caddy names (X-Forwarded-For), not the proxy', async () => {
    // Two phones at two addresses (127.0.0.2 and .3 stand for them): guesses from one are
    // limited, the other is still answered.
    const first = await guessUntilLimited(caddy, 'nobody-a', '127.0.0.2');
    expect(first.at(-1)).toBe(429);
    expect(first.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(await guessUntilLimited(caddy, 'nobody-a', '127.0.0.3', 1)).toEqual([401]);

    // The control: without TRUST_PROXY every phone is the proxy's 127.0.0.1, so the second
    // phone is limited by the first one's guesses.
    await server.restart({ TRUST_PROXY: '' });
    const control = await guessUntilLimited(caddy, 'nobody-b', '127.0.0.2');
    expect(control.at(-1)).toBe(429);
    expect(await guessUntilLimited(caddy, 'nobody-b', '127.0.0.3', 1)).toEqual([429]);
  });
});
