/** spec/api.md "Tester mode": the clock, fault rules, cleanup; and 404 for all of it when off. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClockState } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { send } from './support/http';
import { ISO_MS, expectProblem, iso } from './support/problem';
import { MINUTE, startTestServer } from './support/server';
import type { RunningServer } from './support/server';

let server: RunningServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = await signIn(server.url);
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('the tester clock', () => {
  it('reads { now, frozen } and freezes', async () => {
    const clock = await api.clock();
    expect(clock.now).toMatch(ISO_MS);
    const frozenAt = await api.freezeClock();
    expect(await api.clock()).toEqual({ now: iso(frozenAt), frozen: true });
    expect(await api.now()).toBe(frozenAt);
  });

  it('advances exactly while frozen, and a call without freeze keeps it frozen', async () => {
    const t = await api.freezeClock();
    const reply = await api.post('/api/sim/clock', { advanceMs: 90 * MINUTE });
    expect(reply.status).toBe(200);
    expect(ClockState.parse(reply.body)).toEqual({ now: iso(t + 90 * MINUTE), frozen: true });
    await api.setClock(t + 100 * MINUTE);
    expect(await api.clock()).toEqual({ now: iso(t + 100 * MINUTE), frozen: true });
  });

  it('never goes backwards: a set into the past is 400 invalid-request', async () => {
    const t = await api.freezeClock();
    expectProblem(await api.post('/api/sim/clock', { set: iso(t - 1) }), 'invalid-request');
    expect(await api.now()).toBe(t);
  });

  it('runs with real time once unfrozen', async () => {
    const t = await api.freezeClock();
    const reply = await api.post('/api/sim/clock', { freeze: false });
    expect(reply.status).toBe(200);
    const clock = await api.clock();
    expect(clock.frozen).toBe(false);
    expect(Date.parse(clock.now)).toBeGreaterThanOrEqual(t);
  });

  it('refuses malformed clock requests', async () => {
    for (const body of [
      { advanceMs: -1 },
      { set: 'tomorrow' },
      { advanceMs: 1, set: iso(Date.now()) },
      {},
    ]) {
      expectProblem(await api.post('/api/sim/clock', body), 'invalid-request');
    }
  });
});

describe('fault rules and cleanup', () => {
  it('refuses an unknown fault', async () => {
    expectProblem(await api.post('/api/sim/faults', { fault: 'explode' }), 'invalid-request');
  });

  it('cleanup answers its counts', async () => {
    const counts = await api.cleanup();
    expect(counts).toEqual({ compacted: expect.any(Number), removed: expect.any(Number) });
  });
});

describe('tester mode is for managers on loopback, within bounds (issue 11, finding 5)', () => {
  const routes: [string, string, unknown][] = [
    ['GET', '/api/sim/clock', undefined],
    ['POST', '/api/sim/clock', { advanceMs: 30 * 24 * 60 * MINUTE }],
    ['GET', '/api/sim/faults', undefined],
    ['POST', '/api/sim/faults', { fault: 'drop-response' }],
    ['DELETE', '/api/sim/faults', undefined],
    ['POST', '/api/sim/cleanup', undefined],
    ['GET', '/api/sim/timeline?operationId=a.1', undefined],
  ];

  it('staff get 403 forbidden on every tester route, and nothing changes', async () => {
    const staff = await signIn(server.url, 'demo');
    expect(staff.user.role).toBe('staff');
    await api.fault({ fault: 'unavailable', match: { operationId: 'kept.1' } });
    const before = await api.freezeClock();
    for (const [method, path, json] of routes) {
      expectProblem(await staff.send(method, path, { json }), 'forbidden');
    }
    expect(await api.now()).toBe(before);
    const rules = (await api.get('/api/sim/faults')).body as { rules: unknown[] };
    expect(rules.rules).toHaveLength(1);
    expect(rules.rules).toContainEqual(
      expect.objectContaining({ fault: 'unavailable' }) as unknown,
    );
    await api.clearFaults();
  });

  it('the clock stays within the years 2000 to 2200: beyond is 400 and the clock does not move', async () => {
    const t = await api.freezeClock();
    for (const body of [
      { advanceMs: 9e15 },
      { advanceMs: Date.UTC(2201, 0, 1) - t },
      { set: '2201-01-01T00:00:00.000Z' },
      { set: '+275760-09-13T00:00:00.000Z' },
    ]) {
      expectProblem(await api.post('/api/sim/clock', body), 'invalid-request');
      expect(await api.now()).toBe(t);
    }
    // Time still works for everything that reads it.
    expect((await api.post('/api/leases', { deviceId: 'after-bad-clock' })).status).toBe(201);
    // The last instant allowed (every session expires on the way: sign in again after).
    await api.setClock(Date.UTC(2200, 11, 31, 23, 59, 59, 999));
    api = await signIn(server.url);
    expect((await api.clock()).now).toBe('2200-12-31T23:59:59.999Z');
  });

  it('at most 100 fault rules; match.operationId at most 200 characters', async () => {
    await api.clearFaults();
    const rule = { fault: 'delay', delayMs: 1, match: { operationId: 'never.1' } } as const;
    for (let i = 0; i < 100; i += 1) await api.fault(rule);
    expectProblem(await api.post('/api/sim/faults', rule), 'invalid-request');
    expect(((await api.get('/api/sim/faults')).body as { rules: unknown[] }).rules).toHaveLength(
      100,
    );
    await api.clearFaults();
    const long = { fault: 'drop-response', match: { operationId: 'x'.repeat(201) } };
    expectProblem(await api.post('/api/sim/faults', long), 'invalid-request');
    await api.fault({ fault: 'drop-response', match: { operationId: 'x'.repeat(200) } });
    await api.clearFaults();
  });

  it('a request from a non-loopback address gets 403 forbidden, even from a manager', async () => {
    const before = await api.freezeClock();
    for (const [method, path, json] of routes) {
      const reply = await server.inject({
        method: method as 'GET' | 'POST' | 'DELETE',
        url: path,
        remoteAddress: '192.0.2.10',
        headers: {
          authorization: `Bearer ${api.token}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({ code: 'forbidden' });
    }
    expect(await api.now()).toBe(before);
    // The same request from loopback works.
    const local = await server.inject({
      method: 'GET',
      url: '/api/sim/clock',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(local.statusCode).toBe(200);
  });

  it('SIMULATE_ALLOW_REMOTE=1 lets a remote manager in (and still not staff)', async () => {
    const remote = await startTestServer({ SIMULATE_ALLOW_REMOTE: '1' });
    try {
      const manager = await signIn(remote.url, 'manager');
      const staff = await signIn(remote.url, 'demo');
      const from = (token: string) =>
        remote.inject({
          method: 'GET',
          url: '/api/sim/clock',
          remoteAddress: '192.0.2.10',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await from(manager.token)).statusCode).toBe(200);
      expect((await from(staff.token)).statusCode).toBe(403);
    } finally {
      await remote.close();
    }
  });
});

describe('SIMULATE off', () => {
  let off: RunningServer;

  beforeAll(async () => {
    off = await startTestServer({ SIMULATE: '0' });
  }, 60_000);

  afterAll(async () => {
    await off.close();
  });

  it('every /api/sim route is 404 not-found, before authentication', async () => {
    const session = await signIn(off.url);
    const routes: [string, string, unknown][] = [
      ['GET', '/api/sim/clock', undefined],
      ['POST', '/api/sim/clock', { advanceMs: 1000 }],
      ['GET', '/api/sim/faults', undefined],
      ['POST', '/api/sim/faults', { fault: 'drop-response' }],
      ['DELETE', '/api/sim/faults', undefined],
      ['POST', '/api/sim/cleanup', undefined],
      ['GET', '/api/sim/timeline?operationId=a.1', undefined],
      ['GET', '/api/sim/anything-else', undefined],
    ];
    for (const [method, path, json] of routes) {
      expectProblem(await send(off.url, method, path, { json }), 'not-found');
      expectProblem(await session.send(method, path, { json }), 'not-found');
    }
  });
});
