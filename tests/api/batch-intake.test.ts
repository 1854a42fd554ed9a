/**
 * A batch's intake waits for its turn (src/server/http/paced-intake.ts): beyond a turn's
 * share, its body is read and checked only when the intake lets it go, while a person's single
 * change is taken in at once. One batch per turn here, and the turns are run by hand, so the order
 * is by construction, not by machine speed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pacedIntake, type PacedIntake } from '../../src/server/http/paced-intake';
import { startServer, type RunningServer } from '../../src/server/start';
import { eventually } from '../support/eventually';
import { signIn, type Api } from './support/api';
import { send } from './support/http';
import { adjust, type LeaseHandle } from './support/ops';
import { expectProblem } from './support/problem';
import { BASE_ENV } from './support/server';

let server: RunningServer;
let api: Api;
let lease: LeaseHandle;
let itemId: string;
/** Steps the intake scheduled and the test has not run yet. */
let steps: (() => void)[] = [];
const intake: PacedIntake = pacedIntake(1, (step) => void steps.push(step));

beforeAll(async () => {
  server = await startServer(BASE_ENV, { intake });
  api = await signIn(server.url);
  lease = await api.lease();
  itemId = await api.newItem(lease, 0);
}, 60_000);

afterAll(async () => {
  await server.close();
});

/** Runs the steps scheduled so far (one turn of the intake). */
function turn(): void {
  const now = steps;
  steps = [];
  now.forEach((step) => step());
}

/** Waits until `reply`'s request waits in the intake, lets it go, and returns its answer. */
async function throughIntake<T>(reply: Promise<T>): Promise<T> {
  await eventually(
    async () => intake.waiting(),
    (n) => n > 0,
    'a batch waiting for its intake',
  );
  turn();
  return reply;
}

it('a batch beyond its turn waits; a single change sent meanwhile is answered at once', async () => {
  const first = await api.batch([lease.body(adjust(itemId, 1))]);
  expect(first.status).toBe(200);

  let batchAnswered = false;
  const batch = api.batch([lease.body(adjust(itemId, 1)), lease.body(adjust(itemId, 1))]);
  void batch.then(() => (batchAnswered = true));
  await eventually(
    async () => intake.waiting(),
    (n) => n === 1,
    'the second batch waiting',
  );

  const single = await api.postOp(lease.body(adjust(itemId, 1)));
  expect(single.status).toBe(201);
  expect(batchAnswered).toBe(false);
  expect((await api.item(itemId)).quantity).toBe(2);

  turn();
  const { results } = (await batch).body as { results: { status: number }[] };
  expect(results.map((r) => r.status)).toEqual([201, 201]);
  expect((await api.item(itemId)).quantity).toBe(4);
});

it('once let go, a batch meets every check in the order of docs/api.md', async () => {
  // Malformed JSON without a token: a transport refusal, before authentication (step 0).
  const malformed = send(server.url, 'POST', '/api/operations/batch', {
    raw: '{"operations": "none"',
    contentType: 'application/json',
  });
  expectProblem(await throughIntake(malformed), 'invalid-request');

  const noToken = send(server.url, 'POST', '/api/operations/batch', {
    json: { operations: 'none' },
  });
  expectProblem(await throughIntake(noToken), 'unauthorized');

  const badShape = api.post('/api/operations/batch', { operations: 'none' });
  expectProblem(await throughIntake(badShape), 'invalid-request');
});
