/**
 * Admission under a backlog storm: with the server's work budget taken by one batch,
 * further batches get a prompt `503 overloaded` with Retry-After (never a silent wait) and no
 * effect, while a person's single change is admitted and answered ahead of them. The batch in
 * flight is held by a tester delay, so the overload is by construction, not by machine speed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OperationStatus } from '../../src/protocol/schemas';
import { signIn, type Api } from './support/api';
import { adjust, type LeaseHandle } from './support/ops';
import { expectProblem } from './support/problem';
import { startTestServer, type RunningServer } from './support/server';

let server: RunningServer;
let api: Api;
let lease: LeaseHandle;
let itemId: string;

beforeAll(async () => {
  server = await startTestServer({ MAX_QUEUE_WAIT: '50ms' });
  api = await signIn(server.url);
  lease = await api.lease();
  itemId = await api.newItem(lease, 0);
}, 60_000);

afterAll(async () => {
  await server.close();
});

const batchOf = (n: number) => Array.from({ length: n }, () => lease.body(adjust(itemId, 1)));

async function inFlight(): Promise<number> {
  const reply = await api.get('/api/diagnostics');
  return (reply.body as { operations: { inFlight: number } }).operations.inFlight;
}

it('sheds backlog batches promptly with Retry-After while a single change goes ahead', async () => {
  // One batch of 500 fills the budget and is held in flight (the delay comes after admission).
  await api.fault({ fault: 'delay', delayMs: 10_000, times: 1 });
  const held = batchOf(500);
  let heldAnswered = false;
  const heldReply = api.batch(held).then((r) => {
    heldAnswered = true;
    return r;
  });
  for (const deadline = Date.now() + 20_000; (await inFlight()) < 1;) {
    if (Date.now() > deadline) throw new Error('the held batch was never admitted');
  }

  const later = Array.from({ length: 5 }, () => batchOf(100));
  const replies = await Promise.all(later.map((ops) => api.batch(ops)));
  const single = lease.body(adjust(itemId, 1));
  const singleReply = await api.postOp(single);

  // Every later batch was answered while the first one was still in flight: a prompt refusal.
  expect(heldAnswered).toBe(false);
  for (const reply of replies) {
    expectProblem(reply, 'overloaded');
    expect(reply.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  }
  expect(singleReply.status).toBe(201);
  expect((await api.item(itemId)).quantity).toBe(1);
  // docs/api.md#order-of-checks: too busy (step 1) comes before the shape (step 2), for a
  // batch's envelope too.
  expectProblem(await api.post('/api/operations/batch', { operations: 'none' }), 'overloaded');
  for (const op of later.flat()) {
    const status = OperationStatus.parse((await api.status(op.id, lease.token)).body);
    expect(status.state).toBe('not-yet');
  }

  // The held batch still applies each of its operations exactly once.
  await api.clearFaults();
  const { results } = (await heldReply).body as { results: { status: number }[] };
  expect(results.every((r) => r.status === 201)).toBe(true);
  expect((await api.item(itemId)).quantity).toBe(501);
  expectProblem(await api.post('/api/operations/batch', { operations: 'none' }), 'invalid-request');
}, 90_000);
