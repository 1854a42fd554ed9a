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
