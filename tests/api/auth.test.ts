/** docs/api.md#authentication: sessions, bearer tokens on every /api route, sign-in limits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionResponse } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { signInFrom } from './support/from-address';
import { send } from './support/http';
import { expectProblem } from './support/problem';
import { MINUTE, startTestServer } from './support/server';
import type { RunningServer } from './support/server';

let server: RunningServer;
let demo: Api;
let manager: Api;

beforeAll(async () => {
  server = await startTestServer({ SESSION_TTL: '1h' });
  demo = await signIn(server.url, 'demo');
  manager = await signIn(server.url, 'manager');
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('sign in', () => {
  it('returns a token and the user', async () => {
    expect(demo.user).toMatchObject({ name: expect.any(String), role: 'staff' });
    expect(manager.user.role).toBe('manager');
    expect(demo.token).not.toBe(manager.token);
  });

  it('refuses wrong credentials with 401 unauthorized', async () => {
    for (const credentials of [
      { username: 'demo', password: 'wrong' },
      { username: 'nobody', password: 'demo' },
    ]) {
      expectProblem(
        await send(server.url, 'POST', '/api/session', { json: credentials }),
        'unauthorized',
      );
    }
  });

  it('refuses a malformed sign-in body with 400 invalid-request', async () => {
    const reply = await send(server.url, 'POST', '/api/session', { json: { username: 'demo' } });
    expectProblem(reply, 'invalid-request');
  });
});

describe('every /api route except /api/health needs a bearer token', () => {
  const routes: [string, string, unknown][] = [
    ['POST', '/api/leases', { deviceId: 'd' }],
    ['POST', '/api/operations', {}],
    ['POST', '/api/operations/batch', { operations: [] }],
    ['GET', '/api/operations/abc.1', undefined],
    ['GET', '/api/items', undefined],
    ['GET', '/api/items?since=0', undefined],
    ['GET', '/api/items/lamp-14/history', undefined],
    ['DELETE', '/api/session', undefined],
    ['GET', '/api/diagnostics', undefined],
    ['GET', '/api/sim/clock', undefined],
    ['POST', '/api/sim/clock', { advanceMs: 1 }],
    ['GET', '/api/sim/faults', undefined],
    ['POST', '/api/sim/faults', { fault: 'unavailable' }],
    ['DELETE', '/api/sim/faults', undefined],
    ['POST', '/api/sim/cleanup', undefined],
    ['GET', '/api/sim/timeline?operationId=abc.1', undefined],
  ];
  const badTokens: [string, Record<string, string>][] = [
    ['no header', {}],
    ['an unknown token', { authorization: 'Bearer not-a-real-token' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['another scheme', { authorization: 'Basic ZGVtbzpkZW1v' }],
  ];
  for (const [method, path, json] of routes) {
    it(`${method} ${path} → 401 unauthorized`, async () => {
      for (const [, headers] of badTokens) {
        const reply = await send(server.url, method, path, { headers, json });
        expectProblem(reply, 'unauthorized');
      }
    });
  }

  it('the bare token without "Bearer" is refused too', async () => {
    const reply = await send(server.url, 'GET', '/api/items', {
      headers: { authorization: demo.token },
    });
    expectProblem(reply, 'unauthorized');
  });

  it('GET /api/health is open', async () => {
    const reply = await send(server.url, 'GET', '/api/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ok: true });
  });
});

describe('roles', () => {
  it('GET /api/diagnostics is for managers: staff get 403 forbidden', async () => {
    expectProblem(await demo.get('/api/diagnostics'), 'forbidden');
    expect((await manager.get('/api/diagnostics')).status).toBe(200);
  });
});

describe('sign out', () => {
  it('DELETE /api/session ends the session: the token no longer works', async () => {
    const session = await signIn(server.url, 'demo');
    expect((await session.get('/api/items')).status).toBe(200);
    const out = await session.send('DELETE', '/api/session');
    expect(out.status).toBeGreaterThanOrEqual(200);
    expect(out.status).toBeLessThan(300);
    expectProblem(await session.get('/api/items'), 'unauthorized');
    expectProblem(await session.send('DELETE', '/api/session'), 'unauthorized');
    // Other sessions of the same user are not affected.
    expect((await demo.get('/api/items')).status).toBe(200);
  });
});

describe('sessions slide with use on the tester clock (SESSION_TTL=1h)', () => {
  it('a used token lives on, an idle one expires after SESSION_TTL', async () => {
    const used = await signIn(server.url, 'demo');
    const idle = await signIn(server.url, 'demo');
    await manager.freezeClock();
    // The manager's session moves the clock, in steps shorter than the TTL so it stays alive.
    const advance = async (minutes: number) => {
      for (let left = minutes; left > 0; left -= 30)
        await manager.advanceClock(Math.min(30, left) * MINUTE);
    };
    await advance(30);
    expect((await used.get('/api/items')).status).toBe(200); // used at minute 30
    await advance(31); // minute 61
    expectProblem(await idle.get('/api/items'), 'unauthorized');
    expect((await used.get('/api/items')).status).toBe(200); // 31 min idle; used again at 61
    await advance(30); // minute 91: past an hour since sign-in, alive because it slid
    expect((await used.get('/api/items')).status).toBe(200);
    await advance(61); // 61 min idle
    expectProblem(await used.get('/api/items'), 'unauthorized');
  });
});

describe('repeated wrong passwords → 429 rate-limited with Retry-After', () => {
  let limited: RunningServer;
  let tester: Api;

  beforeAll(async () => {
    // Its own server: a limit per address would also block every other sign-in of this file.
    limited = await startTestServer();
    tester = await signIn(limited.url, 'manager');
    await tester.freezeClock();
  }, 60_000);

  afterAll(async () => {
    await limited.close();
  });

  it('limits, then lifts the limit once Retry-After has passed on the tester clock', async () => {
    const attemptSignIn = (password: string) =>
      send(limited.url, 'POST', '/api/session', { json: { username: 'manager', password } });
    let reply = await attemptSignIn('wrong-0');
    // The manager signed in from here (beforeAll): guesses at their own account are limited at
    // 50 checks, not 5 (docs/api.md#sign-in-limits).
    for (let i = 1; i < 60 && reply.status === 401; i += 1)
      reply = await attemptSignIn(`wrong-${i}`);
    expectProblem(reply, 'rate-limited');
    const retryAfter = Number(reply.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter > 0).toBe(true);
    // While limited, even the right password is refused: otherwise guessing goes on unhindered.
    expectProblem(await attemptSignIn('manager'), 'rate-limited');
    await tester.advanceClock((retryAfter + 1) * 1000);
    const after = await attemptSignIn('manager');
    expect(after.status).toBe(200);
    SessionResponse.parse(after.body);
  });
});

describe('the sign-in limit counts attempts before checking them', () => {
  let limited: RunningServer;

  beforeAll(async () => {
    limited = await startTestServer();
  }, 60_000);

  afterAll(async () => {
    await limited.close();
  });

  it('60 parallel wrong guesses: at most 20 answered 401, the rest 429 with Retry-After; the owner still signs in elsewhere', async () => {
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signInFrom(limited.url, '127.0.0.1', 'manager', `wrong-${i}`),
      ),
    );
    const unauthorized = replies.filter((r) => r.status === 401);
    const limitedReplies = replies.filter((r) => r.status === 429);
    expect(unauthorized.length).toBeGreaterThan(0);
    expect(unauthorized.length).toBeLessThanOrEqual(20);
    expect(unauthorized.length + limitedReplies.length).toBe(60);
    for (const reply of limitedReplies) {
      expect(reply.body).toMatchObject({ code: 'rate-limited', status: 429 });
      expect(Number(reply.retryAfter)).toBeGreaterThan(0);
    }
    // The hammered address stays limited, even for the right password...
    expect((await signInFrom(limited.url, '127.0.0.1', 'manager', 'manager')).status).toBe(429);
    // ...but the account is not locked: its owner signs in from another address.
    const owner = await signInFrom(limited.url, '127.0.0.2', 'manager', 'manager');
    expect(owner.status).toBe(200);
    SessionResponse.parse(owner.body);
  });
});

describe('behind a reverse proxy (TRUST_PROXY), the limits key on the forwarded client address', () => {
  let proxied: RunningServer;

  beforeAll(async () => {
    // Tester mode is refused behind a proxy (docs/api.md#http-hygiene).
    proxied = await startTestServer({ TRUST_PROXY: 'loopback', SIMULATE: '0' });
  }, 60_000);

  afterAll(async () => {
    await proxied.close();
  });

  const from = (client: string, password: string) =>
    send(proxied.url, 'POST', '/api/session', {
      json: { username: 'manager', password },
      headers: { 'x-forwarded-for': client },
    });

  it('one client hammering does not limit another client behind the same proxy', async () => {
    let reply = await from('203.0.113.1', 'wrong-0');
    for (let i = 1; i < 30 && reply.status === 401; i += 1)
      reply = await from('203.0.113.1', `wrong-${i}`);
    expectProblem(reply, 'rate-limited');
    expect((await from('203.0.113.2', 'manager')).status).toBe(200);
  });
});
