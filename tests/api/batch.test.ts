/**
 * docs/api.md#batches: up to 500 operations, processed in order, each result with exactly the
 * status and body the single endpoint would give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchResponse, Receipt } from '../../src/protocol/schemas';
import type { BatchResult } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import type { Reply } from './support/http';
import { adjust, createItem, freshItemId } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';
import { flipChar } from './support/token';

let server: RunningServer;
let api: Api;
let lease: LeaseHandle;
let itemId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = await signIn(server.url);
  lease = await api.lease();
  itemId = await api.newItem(lease, 1000);
}, 60_000);

afterAll(async () => {
  await server.close();
});

function results(reply: Reply): BatchResult[] {
  expect(reply.status, reply.text).toBe(200);
  return BatchResponse.parse(reply.body).results;
}

describe('order', () => {
  it('a createItem before an adjust of that item works', async () => {
    const newId = freshItemId('batch');
    const ops = [
      lease.body(createItem(newId, 5)),
      lease.body(adjust(newId, 3)),
      lease.body(adjust(newId, -1)),
    ];
    const got = results(await api.batch(ops));
    expect(
      got.map((r) => [r.id, r.status, r.receipt?.outcome, r.receipt?.resultingQuantity]),
    ).toEqual([
      [ops[0]?.id, 201, 'applied', 5],
      [ops[1]?.id, 201, 'applied', 8],
      [ops[2]?.id, 201, 'applied', 7],
    ]);
    expect((await api.item(newId)).quantity).toBe(7);
  });
});

describe('each result is what the single endpoint gives', () => {
  it('replay, key reuse, new, bad lease, bad shape, unknown item, duplicate within the batch', async () => {
    const existing = lease.body(adjust(itemId, -1));
    const single = await api.postOp(existing);
    expectReceipt(single, 201);
    const fresh = lease.body(adjust(itemId, 2));
    const reused = { ...existing, op: adjust(itemId, -4) };
    const badLease = { ...lease.body(adjust(itemId, 1)), lease: flipChar(lease.token, 3) };
    const badShape = lease.body(adjust(itemId, 0));
    const unknown = lease.body(adjust('no-such-item', 1));
    const batch = [existing, reused, fresh, badLease, badShape, unknown, fresh];
    const got = results(await api.batch(batch));

    expect(got.map((r) => r.id)).toEqual(batch.map((b) => b.id));
    expect(got.map((r) => r.status)).toEqual([200, 422, 201, 400, 400, 201, 200]);
    for (const r of got) expect(r.receipt === undefined).toBe(r.problem !== undefined);

    expect(got[0]?.receipt).toEqual(Receipt.parse(single.body));
    const freshReplay = await api.postOp(fresh);
    expectReceipt(freshReplay, 200);
    expect(got[2]?.receipt).toEqual(Receipt.parse(freshReplay.body));
    expect(got[6]?.receipt).toEqual(got[2]?.receipt);
    expect(got[5]?.receipt).toMatchObject({ outcome: 'rejected', reason: 'unknown-item' });

    // The problems, compared with what the single endpoint answers for the same bodies.
    for (const [i, code] of [
      [1, 'key-reused'],
      [3, 'invalid-operation-metadata'],
      [4, 'invalid-request'],
    ] as const) {
      const alone = expectProblem(await api.postOp(batch[i]), code);
      expect(got[i]?.problem).toEqual(alone);
    }
    expect(await api.effects(itemId, fresh.id)).toBe(1);
  });

  it('entries that are not objects get their own 400 with a null id', async () => {
    const good = lease.body(adjust(itemId, 1));
    const got = results(await api.batch([42, null, 'x', good]));
    expect(got.map((r) => [r.id, r.status, r.problem?.code ?? r.receipt?.outcome])).toEqual([
      [null, 400, 'invalid-request'],
      [null, 400, 'invalid-request'],
      [null, 400, 'invalid-request'],
      [good.id, 201, 'applied'],
    ]);
  });

  it('ignores an Idempotency-Key header (each operation carries its id)', async () => {
    const got = results(
      await api.batch([lease.body(adjust(itemId, 1))], { 'idempotency-key': 'zzz' }),
    );
    expect(got.map((r) => r.status)).toEqual([201]);
  });
});

describe('limits', () => {
  it('500 operations are accepted', async () => {
    const before = (await api.item(itemId)).quantity;
    const got = results(
      await api.batch(Array.from({ length: 500 }, () => lease.body(adjust(itemId, 1)))),
    );
    expect(got.length).toBe(500);
    expect(got.every((r) => r.status === 201)).toBe(true);
    expect((await api.item(itemId)).quantity).toBe(before + 500);
  });

  it('more than 500, none, or not a list → 400 invalid-request, nothing applied', async () => {
    const before = await api.item(itemId);
    const tooMany = Array.from({ length: 501 }, () => lease.body(adjust(itemId, 1)));
    expectProblem(await api.batch(tooMany), 'invalid-request');
    expectProblem(await api.batch([]), 'invalid-request');
    expectProblem(await api.post('/api/operations/batch', { operations: {} }), 'invalid-request');
    expectProblem(await api.post('/api/operations/batch', {}), 'invalid-request');
    expectProblem(
      await api.post('/api/operations/batch', { operations: [tooMany[0]], extra: 1 }),
      'invalid-request',
    );
    expect(await api.item(itemId)).toEqual(before);
  });
});
