/** docs/api.md#tester-mode: the clock, fault rules, cleanup; and 404 for all of it when off. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArmedFault, ArmedFaults, ClockState } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { send } from './support/http';
import { adjust } from './support/ops';
import { ISO_MS, expectProblem, expectReceipt, iso } from './support/problem';
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
    const counts = (await api.send('POST', '/api/sim/cleanup')).body;
    // The contract's counts, and the settings they were judged by (the panel's words use them).
    expect(counts).toEqual({
      compacted: expect.any(Number),
      removed: expect.any(Number),
      receiptTtlMs: 2 * 24 * 60 * MINUTE,
      tombstoneGraceMs: 7 * 24 * 60 * MINUTE,
    });
  });
});

describe('armed fault rules: listed with ids, one removable at a time', () => {
  const rulesNow = async () => ArmedFaults.parse((await api.get('/api/sim/faults')).body).rules;

  it('lists each rule with its id and remaining uses; DELETE /api/sim/faults/{id} removes one', async () => {
    await api.clearFaults();
    const lasting = await api.post('/api/sim/faults', { fault: 'unavailable', times: 1_000_000 });
    const once = await api.post('/api/sim/faults', { fault: 'drop-response' });
    expect(lasting.status).toBe(201);
    const a = ArmedFault.parse(lasting.body);
    const b = ArmedFault.parse(once.body);
    expect(a).toMatchObject({ fault: 'unavailable', times: 1_000_000, remaining: 1_000_000 });
    expect(b).toMatchObject({ fault: 'drop-response', remaining: 1 });
    expect(a.id).not.toBe(b.id);
    expect(await rulesNow()).toEqual([a, b]);

    const removed = await api.send('DELETE', `/api/sim/faults/${encodeURIComponent(a.id)}`);
    expect(removed.status).toBe(204);
    expect(await rulesNow()).toEqual([b]);
    // Gone already, or never armed: 404, and nothing else changes.
    expectProblem(await api.send('DELETE', `/api/sim/faults/${a.id}`), 'not-found');
    expectProblem(await api.send('DELETE', '/api/sim/faults/no-such-rule'), 'not-found');
    expect(await rulesNow()).toEqual([b]);
    await api.clearFaults();
  });

  it('a removed rule no longer acts; the others still do', async () => {
    await api.clearFaults();
    const lease = await api.lease();
    const itemId = await api.newItem(lease, 10, 'armed');
    const first = lease.body(adjust(itemId, -1));
    const busy = ArmedFault.parse(
      (await api.post('/api/sim/faults', { fault: 'unavailable', times: 1_000_000 })).body,
    );
    expectProblem(await api.postOp(first), 'overloaded');
    await api.send('DELETE', `/api/sim/faults/${busy.id}`);
    expectReceipt(await api.postOp(first), 201);
    expect(await rulesNow()).toEqual([]);
  });
});

describe('the timeline says what happened, for words on the panel', () => {
  it('a browser resend of the same attempt is marked; commits and replays carry their result', async () => {
    const lease = await api.lease();
    const itemId = await api.newItem(lease, 42, 'story');
    const body = lease.body(adjust(itemId, -2));
    await api.fault({ fault: 'drop-response', match: { operationId: body.id } });
    const a = { headers: { 'x-request-id': 'story-attempt-a' } };
    expect((await api.tryPostOp(body, a)).kind).toBe('dropped');
    // The same attempt id again is what Chromium's silent resend looks like to the server.
    expect((await api.tryPostOp(body, a)).kind).toBe('dropped');
    expectReceipt(await api.postOp(body, { 'x-request-id': 'story-attempt-b' }), 200);
    const events = await api.timeline(body.id);
    expect(events.map((e) => [e.event, e.attemptId.slice(-1), e.resent ?? false])).toEqual([
      ['attempt-received', 'a', false],
      ['accepted', 'a', false],
      ['committed', 'a', false],
      ['response-dropped', 'a', false],
      ['attempt-received', 'a', true],
      ['replay-returned', 'a', false],
      ['response-dropped', 'a', false],
      ['attempt-received', 'b', false],
      ['replay-returned', 'b', false],
      ['response-sent', 'b', false],
    ]);
    const effect = { outcome: 'applied', reason: null, delta: -2, resultingQuantity: 40 };
    expect(events.find((e) => e.event === 'committed')?.result).toEqual(effect);
    expect(events.filter((e) => e.event === 'replay-returned').map((e) => e.result)).toEqual([
      effect,
      effect,
    ]);
    expect(events.find((e) => e.event === 'response-dropped')?.fault).toBe('drop-response');
  });

  it('an unavailable server and a delay are on the timeline too', async () => {
    await api.clearFaults();
    const lease = await api.lease();
    const itemId = await api.newItem(lease, 5, 'busy');
    const body = lease.body(adjust(itemId, 1));
    await api.fault({ fault: 'unavailable', match: { operationId: body.id } });
    await api.fault({ fault: 'delay', delayMs: 5, match: { operationId: body.id } });
    expectProblem(await api.postOp(body), 'overloaded');
    expectReceipt(await api.postOp(body), 201);
    const events = await api.timeline(body.id);
    expect(events.find((e) => e.event === 'refused')).toMatchObject({
      code: 'overloaded',
      fault: 'unavailable',
    });
    expect(events.find((e) => e.event === 'delayed')).toMatchObject({ delayMs: 5 });
  });
});

describe('the sign-in answer says whether tester mode is open to this session', () => {
  it('true for a manager on loopback; false for staff and for a remote manager', async () => {
    expect(
      (await api.post('/api/session', { username: 'manager', password: 'manager' })).body,
    ).toMatchObject({ testerMode: true });
    expect(
      (await api.post('/api/session', { username: 'demo', password: 'demo' })).body,
    ).toMatchObject({ testerMode: false });
    const remote = await server.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: '192.0.2.10',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'manager', password: 'manager' }),
    });
    expect(remote.json()).toMatchObject({ testerMode: false });
  });
});

describe('tester mode is for managers on loopback, within bounds', () => {
  const routes: [string, string, unknown][] = [
    ['GET', '/api/sim/clock', undefined],
    ['POST', '/api/sim/clock', { advanceMs: 30 * 24 * 60 * MINUTE }],
    ['GET', '/api/sim/faults', undefined],
    ['POST', '/api/sim/faults', { fault: 'drop-response' }],
    ['DELETE', '/api/sim/faults', undefined],
    ['DELETE', '/api/sim/faults/f1', undefined],
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
      ['DELETE', '/api/sim/faults/f1', undefined],
      ['POST', '/api/sim/cleanup', undefined],
      ['GET', '/api/sim/timeline?operationId=a.1', undefined],
      ['GET', '/api/sim/anything-else', undefined],
    ];
    for (const [method, path, json] of routes) {
      expectProblem(await send(off.url, method, path, { json }), 'not-found');
      expectProblem(await session.send(method, path, { json }), 'not-found');
    }
  });

  it('the sign-in answer says tester mode is off, so the app never asks for the tester clock', async () => {
    const reply = await send(off.url, 'POST', '/api/session', {
      json: { username: 'manager', password: 'manager' },
    });
    expect(reply.body).toMatchObject({ testerMode: false });
  });
});
