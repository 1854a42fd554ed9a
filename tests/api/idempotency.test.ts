/**
 * docs/api.md#idempotency and #receipts: a replay returns the original receipt byte for
 * byte; new content under a used id is 422 and the original stands; the fingerprint is over `op`
 * as sent (absent ≠ "", key order irrelevant), never over createdAt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { adjust, count, createItem, freshItemId } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';

let server: RunningServer;
let api: Api;
let lease: LeaseHandle;
let itemId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = await signIn(server.url);
  lease = await api.lease();
  itemId = await api.newItem(lease, 100);
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('replay', () => {
  it('returns the original receipt byte for byte, 200, Idempotent-Replayed, even after the item changed', async () => {
    const body = lease.body(adjust(itemId, -2, { reason: 'sold' }));
    const first = await api.postOp(body);
    const original = expectReceipt(first, 201);
    await api.postOp(lease.body(adjust(itemId, 5))); // the item moves on
    for (let i = 0; i < 3; i += 1) {
      const replay = await api.postOp(body);
      expectReceipt(replay, 200);
      expect(replay.text).toBe(first.text);
    }
    expect(await api.effects(itemId, body.id)).toBe(1);
    expect((await api.item(itemId)).quantity).toBe((original.resultingQuantity ?? NaN) + 5);
  });

  it('an Idempotency-Key equal to the id is accepted; any other value is 400 and stores nothing', async () => {
    const body = lease.body(adjust(itemId, 1));
    expectProblem(await api.postOp(body, { 'idempotency-key': `${body.id}x` }), 'invalid-request');
    expectProblem(
      await api.postOp(body, { 'idempotency-key': 'something-else' }),
      'invalid-request',
    );
    expect(await api.effects(itemId, body.id)).toBe(0);
    const first = await api.postOp(body, { 'idempotency-key': body.id });
    expectReceipt(first, 201);
    const replay = await api.postOp(body, { 'idempotency-key': body.id });
    expectReceipt(replay, 200);
    expect(replay.text).toBe(first.text);
  });
});

describe('key reuse', () => {
  it('different content under a used id is 422 key-reused; the original stands', async () => {
    const body = lease.body(adjust(itemId, -1));
    const first = await api.postOp(body);
    expectReceipt(first, 201);
    const quantity = (await api.item(itemId)).quantity;
    for (const op of [
      adjust(itemId, -3),
      adjust(itemId, -1, { reason: 'damaged' }),
      adjust('another-item', -1),
      count(itemId, 1, 0),
      createItem(freshItemId(), 1),
    ]) {
      expectProblem(await api.postOp({ ...body, op }), 'key-reused');
    }
    expect((await api.item(itemId)).quantity).toBe(quantity);
    expect(await api.effects(itemId, body.id)).toBe(1);
    const replay = await api.postOp(body);
    expectReceipt(replay, 200);
    expect(replay.text).toBe(first.text);
  });
});

describe('fingerprint', () => {
  it('an absent note differs from an empty one (no defaults filled in)', async () => {
    const body = lease.body(adjust(itemId, 1));
    expectReceipt(await api.postOp(body), 201);
    expectProblem(await api.postOp({ ...body, op: { ...body.op, note: '' } }), 'key-reused');
    const withEmpty = lease.body(adjust(itemId, 1, { note: '' }));
    expectReceipt(await api.postOp(withEmpty), 201);
    const { note: _note, ...withoutNote } = adjust(itemId, 1, { note: '' });
    expectProblem(await api.postOp({ ...withEmpty, op: withoutNote }), 'key-reused');
  });

  it('an absent allowNegative differs from false', async () => {
    const body = lease.body(adjust(itemId, 1));
    expectReceipt(await api.postOp(body), 201);
    const op = adjust(itemId, 1, { allowNegative: false });
    expectProblem(await api.postOp({ ...body, op }), 'key-reused');
  });

  it('createdAt is not part of it: a different or missing createdAt replays', async () => {
    const body = lease.body(adjust(itemId, 1), { createdAt: '2026-11-29T17:00:00.000Z' });
    const first = await api.postOp(body);
    expectReceipt(first, 201);
    for (const other of [
      { ...body, createdAt: '2030-01-01T00:00:00.000Z' },
      { id: body.id, lease: body.lease, op: body.op },
    ]) {
      const replay = await api.postOp(other);
      expectReceipt(replay, 200);
      expect(replay.text).toBe(first.text);
    }
  });

  it('key order does not matter (canonical JSON)', async () => {
    const body = lease.body(adjust(itemId, 1, { note: 'n' }));
    const first = await api.postOp(body);
    expectReceipt(first, 201);
    const reordered = `{"op":{"note":"n","reason":"received","delta":1,"itemId":"${itemId}","type":"adjust"},"lease":"${lease.token}","id":"${body.id}"}`;
    const replay = await api.send('POST', '/api/operations', {
      raw: reordered,
      contentType: 'application/json',
    });
    expectReceipt(replay, 200);
    expect(replay.text).toBe(first.text);
  });
});

describe('rejected and review are stored verdicts', () => {
  it('unknown-item stays rejected after the item is created', async () => {
    const missing = freshItemId('later');
    const body = lease.body(adjust(missing, 1));
    const first = await api.postOp(body);
    expect(expectReceipt(first, 201)).toMatchObject({
      outcome: 'rejected',
      reason: 'unknown-item',
    });
    expectReceipt(await api.postOp(lease.body(createItem(missing, 5))), 201);
    const replay = await api.postOp(body);
    expectReceipt(replay, 200);
    expect(replay.text).toBe(first.text);
    expect(await api.effects(missing, body.id)).toBe(0);
  });

  it('would-go-negative stays in review after stock arrives', async () => {
    const low = await api.newItem(lease, 1);
    const body = lease.body(adjust(low, -5));
    const first = await api.postOp(body);
    expect(expectReceipt(first, 201)).toMatchObject({
      outcome: 'review',
      reason: 'would-go-negative',
    });
    expectReceipt(await api.postOp(lease.body(adjust(low, 10))), 201);
    const replay = await api.postOp(body);
    expectReceipt(replay, 200);
    expect(replay.text).toBe(first.text);
    expect((await api.item(low)).quantity).toBe(11);
  });

  it('stale-count stays in review', async () => {
    const counted = await api.newItem(lease, 5);
    const old = (await api.item(counted)).revision;
    await api.postOp(lease.body(adjust(counted, 1)));
    const body = lease.body(count(counted, 2, old));
    const first = await api.postOp(body);
    expect(expectReceipt(first, 201)).toMatchObject({ outcome: 'review', reason: 'stale-count' });
    const replay = await api.postOp(body);
    expect(replay.text).toBe(first.text);
    expect((await api.item(counted)).quantity).toBe(6);
  });

  it('a new id with the same content is a new operation (deduplication is by id, not content)', async () => {
    const before = (await api.item(itemId)).quantity;
    expectReceipt(await api.postOp(lease.body(adjust(itemId, -1))), 201);
    expectReceipt(await api.postOp(lease.body(adjust(itemId, -1))), 201);
    expect((await api.item(itemId)).quantity).toBe(before - 2);
  });
});
