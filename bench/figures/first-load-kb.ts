/**
 * first_load_kb: the kilobytes (1 kB = 1,000 bytes) a phone downloads for a cold visit to the
 * sign-in screen, every request counted, in real Chromium: a fresh browser context (empty HTTP
 * cache, no service worker) opens the built PWA served by a bench server (pre-compressed files,
 * src/server/http/static.ts), and every response's bytes on the wire (encoded body + headers, as
 * Chromium reports them) are summed until the sign-in form is visible and then the network is idle.
 *
 * "All requests" includes the service worker: on a first visit the page registers it at once, and
 * its install downloads the precache (every chunk, so the app opens offline afterwards). Hashed
 * assets the page already has come from the HTTP cache (`immutable`, no cache-busting), the rest
 * is fetched again. So two numbers, and the value is the larger, honest one:
 * - `signInScreen`: what the page itself fetched by the time the form was visible (what a person
 *   waits for before typing);
 * - the value: everything until idle, i.e. the page's requests, the service worker script and its
 *   precache downloads.
 * `details.byType` splits the value by Chromium's resource type; `details.requests` lists each.
 */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { newPhoneContext } from '../../tests/e2e/support/browser';
import { atMost, round, type Figure } from '../figure';
import { buildApp } from '../support/browser-app';
import { logPageErrors, pageServerEnv, withBrowser } from '../support/browser-page';
import { withServers } from '../support/server-process';
import { wireCounter } from '../support/wire-counter';
import { median } from '../support/stats';

const TARGET_KB = 150;
/** The network counts as idle once nothing has been in flight for this long. */
const QUIET_MS = 750;
const DEADLINE_MS = 60_000;

export interface LoadedRequest {
  path: string;
  /** Chromium's resource type: document, script, stylesheet, image, manifest, fetch, other… */
  type: string;
  /** `page` or `service-worker` (its script and precache). */
  by: 'page' | 'service-worker';
  status: number;
  encoding: string;
  bodyBytes: number;
  headerBytes: number;
  /** Before the sign-in form was visible. */
  beforeForm: boolean;
}

export interface FirstLoad {
  requests: LoadedRequest[];
  formVisibleMs: number;
  /** Bytes the server sent, counted on the connection (bench/support/wire-counter.ts). */
  wireBytes: number;
  wireBytesAtForm: number;
}

const kb = (bytes: number) => round(bytes / 1000, 1);
const onWire = (r: LoadedRequest) => r.bodyBytes + r.headerBytes;
const sumKb = (rs: readonly LoadedRequest[]) => kb(rs.reduce((s, r) => s + onWire(r), 0));

/** One cold visit of `url` in a fresh phone-sized context: every response until idle. */
export async function coldVisit(browser: Browser, server: string): Promise<FirstLoad> {
  const wire = await wireCounter(server);
  const url = wire.url;
  const context = await newPhoneContext(browser);
  const requests: LoadedRequest[] = [];
  const pending = new Set<Request>();
  const recorded: Promise<void>[] = [];
  let formVisible = false;
  let lastActivity = performance.now();
  context.on('request', (r) => {
    pending.add(r);
    lastActivity = performance.now();
  });
  const settle = (r: Request) => {
    const beforeForm = !formVisible;
    recorded.push(
      (async () => {
        const response = await r.response();
        const sizes = await r.sizes();
        const fromCache = response?.fromServiceWorker() === true || sizes.responseHeadersSize === 0;
        // Chromium reports only the headers of the service worker's own script; our server always
        // sends Content-Length (the encoded length), so the larger of the two is the body on the wire.
        const length = Number((await response?.headerValue('content-length')) ?? 0);
        requests.push({
          path: new URL(r.url()).pathname,
          type: r.resourceType(),
          by: r.serviceWorker() ? 'service-worker' : 'page',
          status: response?.status() ?? 0,
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          // Answered from the service worker's or the HTTP cache: nothing crossed the network.
          bodyBytes: fromCache ? 0 : Math.max(sizes.responseBodySize, length),
          headerBytes: fromCache ? 0 : sizes.responseHeadersSize,
          beforeForm,
        });
      })().finally(() => {
        pending.delete(r);
        lastActivity = performance.now();
      }),
    );
  };
  context.on('requestfinished', settle);
  context.on('requestfailed', (r) => {
    pending.delete(r);
    lastActivity = performance.now();
  });
  try {
    const page = await context.newPage();
    logPageErrors(page);
    page.setDefaultTimeout(DEADLINE_MS);
    const started = performance.now();
    await page.goto(url);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    formVisible = true;
    const wireBytesAtForm = wire.received();
    const formVisibleMs = performance.now() - started;
    // The precache is complete once the worker is active (install finishes before activation).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const deadline = performance.now() + DEADLINE_MS;
    while (pending.size > 0 || performance.now() - lastActivity < QUIET_MS) {
      if (performance.now() > deadline) throw new Error(`${pending.size} requests never finished`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(recorded);
    return { requests, formVisibleMs, wireBytes: wire.received(), wireBytesAtForm };
  } finally {
    await context.close();
    await wire.close();
  }
}

/** The figure's details for one visit: totals, the sign-in screen's share, by type and request. */
export function describeLoad(load: FirstLoad): Record<string, unknown> {
  const byType: Record<string, { requests: number; kb: number }> = {};
  for (const r of load.requests) {
    const key = `${r.by === 'page' ? '' : 'sw:'}${r.type}`;
    const entry = (byType[key] ??= { requests: 0, kb: 0 });
    entry.requests += 1;
    entry.kb = round(entry.kb + onWire(r) / 1000, 1);
  }
  // Chromium reports a precache fetch that its HTTP cache answered (an immutable asset the page
  // already has) with its full size; the relay saw no bytes for it.
  const pageAssets = new Set(
    load.requests
      .filter((r) => r.by === 'page' && r.path.startsWith('/assets/'))
      .map((r) => r.path),
  );
  for (const r of load.requests) {
    if (r.by === 'service-worker' && pageAssets.has(r.path)) {
      r.bodyBytes = 0;
      r.headerBytes = 0;
      r.encoding = 'http-cache';
    }
  }
  const page = load.requests.filter((r) => r.by === 'page');
  return {
    totalKb: kb(load.wireBytes),
    reportedByChromiumKb: sumKb(load.requests),
    signInScreen: {
      kb: kb(load.wireBytesAtForm),
      reportedByChromiumKb: sumKb(page.filter((r) => r.beforeForm)),
      requests: page.filter((r) => r.beforeForm).length,
      formVisibleMs: round(load.formVisibleMs, 0),
    },
    pageKb: sumKb(page),
    serviceWorkerKb: sumKb(load.requests.filter((r) => r.by === 'service-worker')),
    headersKb: kb(load.requests.reduce((s, r) => s + r.headerBytes, 0)),
    byType,
    requests: [...load.requests]
      .sort((a, b) => onWire(b) - onWire(a))
      .map((r) => ({
        path: r.path,
        by: r.by,
        type: r.type,
        status: r.status,
        encoding: r.encoding,
        kb: kb(onWire(r)),
        beforeForm: r.beforeForm,
      })),
  };
}

export const firstLoadKb: Figure = {
  name: 'first_load_kb',
  target: `≤ ${TARGET_KB}`,
  async run({ quick, workDir }) {
    const visits = quick ? 1 : 3;
    const distDir = join(workDir, 'dist');
    return withBrowser(async (launched) => {
      await buildApp(join(workDir, 'build'));
      mkdirSync(distDir, { recursive: true });
      cpSync(join(workDir, 'build'), distDir, { recursive: true });
      const spec = { env: pageServerEnv(join(workDir, 'server'), distDir) };
      return withServers([spec], async ([server]) => {
        if (!server) throw new Error('no server');
        const browser = await launched;
        const loads: FirstLoad[] = [];
        for (let i = 0; i < visits; i++) loads.push(await coldVisit(browser, server.url));
        const totals = loads.map((l) => kb(l.wireBytes));
        const chosen = loads[totals.indexOf(median(totals))] ?? loads[0]!;
        return atMost(median(totals), TARGET_KB, {
          unit: 'kB (1,000 bytes) on the wire: encoded bodies + response headers',
          visits: totals,
          ...describeLoad(chosen),
        });
      });
    });
  },
};
