/**
 * docs/api.md#http-hygiene: the app and the API answer with a Content-Security-Policy
 * (default-src 'self', no unsafe-eval, frame-ancestors 'none', camera for the app itself),
 * nosniff, Referrer-Policy and frame protection; signed-in API answers are `no-store`; `/metrics`
 * needs METRICS_TOKEN when it is set and can live on its own loopback port (METRICS_PORT).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Api } from './support/api';
import { rawExchange, send, type Reply } from './support/http';
import { adjust, type LeaseHandle } from './support/ops';
import { expectProblem } from './support/problem';
import { startTestServer, type RunningServer } from './support/server';

/** The policy as a map: directive → its sources. */
function csp(headers: Headers): Map<string, string[]> {
  const policy = headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(reply: { headers: Headers }, what: string): void {
  const policy = csp(reply.headers);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  // WebAssembly compile only (the barcode reader); no JavaScript eval.
  expect(policy.get('script-src'), what).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('worker-src'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  const all = reply.headers.get('content-security-policy') ?? '';
  expect(all, what).not.toMatch(/'unsafe-eval'|unsafe-inline|\*|https:|blob:/);
  expect(reply.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(reply.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(reply.headers.get('x-frame-options'), what).toBe('DENY');
  expect(reply.headers.get('permissions-policy'), what).toMatch(/(^|, )camera=\(self\)(,|$)/);
  expect(reply.headers.get('permissions-policy'), what).toMatch(/microphone=\(\)/);
}

describe('security headers and no-store', () => {
  let server: RunningServer;
  let api: Api;
  let lease: LeaseHandle;
  let itemId: string;
  let staticDir: string;

  beforeAll(async () => {
    // A stand-in for the built PWA: the shell and its service worker.
    staticDir = await mkdtemp(join(tmpdir(), 'stockroom-static-'));
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Stockroom</title>');
    await writeFile(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    server = await startTestServer({ STATIC_DIR: staticDir });
    api = await signIn(server.url);
    lease = await api.lease();
    itemId = await api.newItem(lease, 10);
  }, 60_000);

  afterAll(async () => {
    await server.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('the app, its service worker, the API and its refusals all carry them', async () => {
    const answers: [string, Reply][] = [
      ['app shell', await send(server.url, 'GET', '/')],
      ['deep link', await send(server.url, 'GET', '/items/lamp-14')],
      ['service worker', await send(server.url, 'GET', '/sw.js')],
      ['health', await send(server.url, 'GET', '/api/health')],
      ['items', await api.get('/api/items')],
      ['unknown route', await api.get('/api/nothing-here')],
      ['signed out', await send(server.url, 'GET', '/api/items')],
      [
        'bad encoding',
        await api.send('GET', '/api/items', { headers: { 'content-encoding': 'gzip' } }),
      ],
      ['docs', await send(server.url, 'GET', '/api/docs')],
    ];
    for (const [what, reply] of answers) expectSecurityHeaders(reply, what);
    expect(answers[0]?.[1].status).toBe(200);
    expect(answers[2]?.[1].status).toBe(200);
  });

  it('the API reference renders under the policy: its one inline style is allowed by hash', async () => {
    const docs = await send(server.url, 'GET', '/api/docs');
    const styles = [...docs.text.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1] ?? '');
    expect(styles).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256')
      .update(styles[0] ?? '')
      .digest('base64')}'`;
    expect(csp(docs.headers).get('style-src')).toEqual(["'self'", hash]);
    expect(docs.text).not.toMatch(/<script|style="/);
  });

  it('signed-in API answers are Cache-Control: no-store; the app’s files are not', async () => {
    const signedIn = await send(server.url, 'POST', '/api/session', {
      json: { username: 'demo', password: 'demo' },
    });
    const replies: [string, Reply][] = [
      ['sign-in', signedIn],
      ['items', await api.get('/api/items')],
      ['history', await api.historyPage(itemId)],
      ['operation', await api.postOp(lease.body(adjust(itemId, 1)))],
      ['refusal', await api.postOp({ nonsense: true })],
      ['lease', await api.post('/api/leases', { deviceId: 'headers' })],
    ];
    for (const [what, reply] of replies) {
      expect(reply.status, what).toBeLessThan(500);
      expect(reply.headers.get('cache-control'), what).toBe('no-store');
    }
    // The app's own files keep their caching (the service worker's precache decides).
    expect((await send(server.url, 'GET', '/')).headers.get('cache-control')).not.toBe('no-store');
  });

  it('the server’s own raw refusals are nosniff and no-store too', async () => {
    const raw = await rawExchange(server.url, 'GET /api/health HTTP/1.1\r\n\r\n');
    expect(raw.status).toBe(400);
    const malformed = await rawExchange(server.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(malformed.headers['x-content-type-options']).toBe('nosniff');
    expect(malformed.headers['cache-control']).toBe('no-store');
  });
});

describe('/metrics', () => {
  it('is open without METRICS_TOKEN', async () => {
    const server = await startTestServer();
    try {
      const reply = await send(server.url, 'GET', '/metrics');
      expect(reply.status).toBe(200);
      expect(reply.text).toMatch(/^# (HELP|TYPE) /m);
      expect(server.metricsUrl).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('needs Authorization: Bearer $METRICS_TOKEN when that is set', async () => {
    const token = 'metrics-token-for-the-test-0123456789';
    const server = await startTestServer({ METRICS_TOKEN: token });
    try {
      const none = await send(server.url, 'GET', '/metrics');
      expectProblem(none, 'unauthorized');
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expectProblem(
        await send(server.url, 'GET', '/metrics', { token: `${token}x` }),
        'unauthorized',
      );
      // A user's session token is not the metrics token.
      const api = await signIn(server.url);
      expectProblem(
        await send(server.url, 'GET', '/metrics', { token: api.token }),
        'unauthorized',
      );
      const ok = await send(server.url, 'GET', '/metrics', { token });
      expect(ok.status).toBe(200);
      expect(ok.text).toMatch(/^# (HELP|TYPE) /m);
      expect(ok.headers.get('cache-control')).toBe('no-store');
    } finally {
      await server.close();
    }
  });

  it('METRICS_PORT serves it on a loopback port of its own, and the app no longer does', async () => {
    const token = 'another-metrics-token-0123456789';
    const server = await startTestServer({ METRICS_PORT: '0', METRICS_TOKEN: token });
    try {
      const metricsUrl = server.metricsUrl ?? '';
      expect(new URL(metricsUrl).hostname).toBe('127.0.0.1');
      expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
      const ok = await send(metricsUrl, 'GET', '/metrics', { token });
      expect(ok.status).toBe(200);
      expect(ok.text).toMatch(/^# (HELP|TYPE) /m);
      expectProblem(await send(metricsUrl, 'GET', '/metrics'), 'unauthorized');
      expectProblem(await send(metricsUrl, 'GET', '/api/items'), 'not-found');
      expectProblem(await send(server.url, 'GET', '/metrics', { token }), 'not-found');
    } finally {
      await server.close();
    }
  });
});
