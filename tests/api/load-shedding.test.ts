/**
 * Load shedding: under a burst beyond capacity, every request gets an answer; shed requests
 * say when to come back (503 overloaded, Retry-After) and have no effect; every accepted operation
 * is applied exactly once. Capacity is made small (MAX_IN_FLIGHT=2) and each admitted request is held
 * by a tester delay, so the burst is beyond capacity by construction, not by machine speed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OperationStatus } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { adjust } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectProblem } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';

let server: RunningServer;
let api: Api;
let lease: LeaseHandle;
let itemId: string;

beforeAll(async () => {
  server = await startTestServer({ MAX_IN_FLIGHT: '2', MAX_QUEUE_WAIT: '100ms' });
  api = await signIn(server.url);
  lease = await api.lease();
  itemId = await api.newItem(lease, 0);
}, 60_000);

afterAll(async () => {
  await server.close();
});

it('sheds a burst beyond capacity with Retry-After and no effect; admits the rest exactly once', async () => {
  const burst = 30;
  await api.post('/api/sim/faults', { fault: 'delay', delayMs: 300, times: burst });
  const bodies = Array.from({ length: burst }, () => lease.body(adjust(itemId, 1)));
  const replies = await Promise.all(bodies.map((b) => api.postOp(b)));

  const applied = replies.filter((r) => r.status === 201);
  const shed = replies.filter((r) => r.status === 503);
  expect(applied.length + shed.length).toBe(burst);
  expect(applied.length).toBeGreaterThanOrEqual(2);
  expect(shed.length).toBeGreaterThan(0);
  for (const reply of shed) {
    expectProblem(reply, 'overloaded');
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }

  // Shed operations were never stored: the status endpoint says so, and the item moved only by the
  // admitted ones, each once.
  for (const [i, reply] of replies.entries()) {
    const status = OperationStatus.parse((await api.status(bodies[i]!.id, lease.token)).body);
    expect(status.state).toBe(reply.status === 201 ? 'processed' : 'not-yet');
  }
  expect((await api.item(itemId)).quantity).toBe(applied.length);
  expect((await api.history(itemId)).filter((e) => e.type === 'adjust')).toHaveLength(
    applied.length,
  );
  await api.send('DELETE', '/api/sim/faults');
});
