/**
 * docs/api.md#http-hygiene, the export and tester-mode rules, on SQLite and PostgreSQL:
 * - the webhook sink never follows a redirect: a receiver that answers `302` (to a place that
 *   would answer `200` to anything) gets the POST again and again, the place it points to gets
 *   nothing, and the effect stays pending (never counted as delivered);
 * - `EXPORT_WEBHOOK_URL` must be http(s) without a user or password, else the server refuses to
 *   start, naming the setting and never the password;
 * - in production `/metrics` is served only with `METRICS_TOKEN` (or on `METRICS_PORT`): otherwise
 *   `404`, and a warning at start;
 * - `Cache-Control: no-store` is decided by the route that answered, not the raw URL (the router
 *   matches `/%61pi/items` as `/api/items`);
 * - every stored password hash converges on the configured cost (the one the dummy check for
 *   unknown names costs): a dearer one is redone at the next sign-in, like a cheaper one;
 * - `SIMULATE=1` together with `TRUST_PROXY` refuses to start; the tester timeline records only
 *   ids of the operation id shape.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../../src/server/observability/diagnostics';
import { METRICS_OFF_WARNING } from '../../src/server/http/metrics-endpoint';
import { hashPassword } from '../../src/server/passwords';
import { DATABASES } from '../multi/support/databases';
import { spawnServer } from '../multi/support/process';
import { fromReply } from './support/hostile';
import { rawExchange, rawRequest, send } from './support/http';
import { problemIssue } from './support/problem';
import { signIn } from './support/api';
import { startTestServer } from './support/server';

interface Redirector {
  url: string;
  posts: number;
  landed: string[];
  close(): Promise<void>;
}

/** `/effects` answers 302 to `/landing`, which answers 200 to anything (a GET included). */
async function redirector(): Promise<Redirector> {
  const state = { posts: 0, landed: [] as string[] };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url?.startsWith('/landing')) {
        state.landed.push(`${request.method} ${request.url}`);
        response.writeHead(200).end();
        return;
      }
      if (request.method === 'POST') state.posts++;
      response.writeHead(302, { Location: '/landing' }).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/effects`,
    get posts() {
      return state.posts;
    },
    landed: state.landed,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

let hook: Redirector;
beforeAll(async () => {
  hook = await redirector();
});
afterAll(async () => {
  await hook.close();
});

describe.each(DATABASES)('export and tester-mode settings on %s', (_kind, open) => {
  it('a 302 from the webhook is a refusal: retried, never followed, never delivered', async () => {
    const db = await open();
    const server = await startTestServer({ ...db.env, EXPORT_WEBHOOK_URL: hook.url });
    try {
      const before = hook.posts;
      const manager = await signIn(server.url);
      await manager.newItem(await manager.lease(), 3, 'redirected');
      // Retried (with backoff): the same effect POSTed again after the first 302.
      await expect.poll(() => hook.posts - before, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
      const diagnostics = Diagnostics.parse(
        await manager.get('/api/diagnostics').then((r) => r.body),
      );
      expect(diagnostics.export.pending).toBe(1);
      expect(hook.landed).toEqual([]);
    } finally {
      await server.close();
      await db.dispose();
    }
  });

  it('EXPORT_WEBHOOK_URL with a user or password, or not http(s): refused at start', async () => {
    const db = await open();
    try {
      for (const url of ['http://erp:hunter2-secret@127.0.0.1:9/effects', 'file:///etc/passwd']) {
        const start = startTestServer({ ...db.env, EXPORT_WEBHOOK_URL: url });
        await expect(start).rejects.toThrow(/EXPORT_WEBHOOK_URL/);
        await expect(start).rejects.not.toThrow(/hunter2/);
      }
    } finally {
      await db.dispose();
    }
  });

  it('the tester timeline keeps no id that is not of the operation id shape', async () => {
    const db = await open();
    const server = await startTestServer(db.env);
    try {
      const manager = await signIn(server.url);
      const lease = await manager.lease();
      const good = lease.nextId();
      const odd = ['x'.repeat(150), `${good}x`, `${'L'.repeat(65)}.1`, 'a.b', 'L1.01'];
      for (const id of [good, ...odd]) {
        const body = { id, lease: lease.token, op: { type: 'archiveItem', itemId: 'nope' } };
        expect((await manager.postOp(body)).status).toBeLessThan(500);
        expect((await manager.batch([body])).status).toBe(200);
      }
      expect((await manager.timeline(good)).length).toBeGreaterThan(0);
      for (const id of odd) expect([id, await manager.timeline(id)]).toEqual([id, []]);
    } finally {
      await server.close();
      await db.dispose();
    }
  });

  it('production /metrics: 404 and a warning at start without METRICS_TOKEN; else the token', async () => {
    const db = await open();
    const production = {
      ...db.env,
      NODE_ENV: 'production',
      PASSWORD_COST: '17',
      DEMO: '0',
      STOCKROOM_SECRET: 'a-production-secret-of-at-least-32-bytes',
    };
    const child = await spawnServer(production);
    try {
      // The log line and the listening line come through different writers: either may be first.
      await expect.poll(() => child.output).toContain(METRICS_OFF_WARNING);
      const reply = await send(child.url, 'GET', '/metrics');
      expect(reply.status).toBe(404);
      expect(problemIssue(fromReply(reply))).toBeNull();
      expect(reply.text).not.toMatch(/stockroom_/);
    } finally {
      await child.stop();
    }
    const server = await startTestServer({ ...production, SIMULATE: '0', METRICS_TOKEN: 'scrape' });
    try {
      expect((await send(server.url, 'GET', '/metrics')).status).toBe(401);
      const scraped = await send(server.url, 'GET', '/metrics', {
        headers: { authorization: 'Bearer scrape' },
      });
      expect(scraped.status).toBe(200);
      expect(scraped.text).toMatch(/stockroom_/);
    } finally {
      await server.close();
      await db.dispose();
    }
  });

  it('no-store by the matched route: percent-encoded and odd spellings of API routes too', async () => {
    const db = await open();
    const server = await startTestServer(db.env);
    try {
      const manager = await signIn(server.url);
      const itemId = await manager.newItem(await manager.lease(), 2, 'cache');
      const auth = { authorization: `Bearer ${manager.token}` };
      const targets = [
        '/api/items',
        '/%61pi/items',
        '/%61pi/items?since=0',
        '/api/item%73',
        `/%61pi/items/${itemId}/history?limit=5`,
        `/api/items/${itemId}/histor%79`,
        '/%61pi/items.csv',
        '/%6detrics',
        '/api/diagnostic%73',
      ];
      for (const target of targets) {
        const reply = await rawExchange(
          server.url,
          rawRequest(server.url, `GET ${target} HTTP/1.1`, auth),
        );
        expect([target, reply.status, reply.headers['cache-control']]).toEqual([
          target,
          200,
          'no-store',
        ]);
      }
      // Refusals too, wherever they come from (no route matched: a problem all the same).
      for (const target of ['/API/items', '//api/items', '/api/../api/items', '/%61pi/nope']) {
        const reply = await rawExchange(
          server.url,
          rawRequest(server.url, `GET ${target} HTTP/1.1`, auth),
        );
        expect([target, reply.status, reply.headers['cache-control']]).toEqual([
          target,
          404,
          'no-store',
        ]);
      }
    } finally {
      await server.close();
      await db.dispose();
    }
  });

  it('a stored hash dearer than PASSWORD_COST is redone at it on the next sign-in', async () => {
    const db = await open();
    const server = await startTestServer(db.env); // PASSWORD_COST=12
    try {
      const dearer = await hashPassword('a dearer password', 13);
      await server.store.insertUser({
        id: 'u-dear',
        name: 'dear',
        role: 'staff',
        passwordHash: dearer,
      });
      const wrong = await send(server.url, 'POST', '/api/session', {
        json: { username: 'dear', password: 'wrong' },
      });
      expect(wrong.status).toBe(401);
      expect((await server.store.userByName('dear'))?.passwordHash).toBe(dearer);
      const right = await send(server.url, 'POST', '/api/session', {
        json: { username: 'dear', password: 'a dearer password' },
      });
      expect(right.status).toBe(200);
      const now = (await server.store.userByName('dear'))?.passwordHash ?? '';
      expect(now).toMatch(/^scrypt\$ln=12,r=8,p=1\$/); // the dummy's cost here: dummyHash(12)
    } finally {
      await server.close();
      await db.dispose();
    }
  });

  it('SIMULATE=1 with TRUST_PROXY: refused at start', async () => {
    const db = await open();
    try {
      const start = startTestServer({ ...db.env, SIMULATE: '1', TRUST_PROXY: 'loopback' });
      await expect(start).rejects.toThrow(/SIMULATE=1 cannot be used with TRUST_PROXY/);
    } finally {
      await db.dispose();
    }
  });
});
