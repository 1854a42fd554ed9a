/** docs/api.md#operations: the three op types, their outcomes, and the shape rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { adjust, count, createItem, freshItemId } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectFieldError, expectProblem, expectReceipt } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';

let server: RunningServer;
let api: Api;
let lease: LeaseHandle;

beforeAll(async () => {
  server = await startTestServer();
  api = await signIn(server.url);
  lease = await api.lease();
}, 60_000);

afterAll(async () => {
  await server.close();
});

/** Posts a new operation and returns its 201 receipt. */
async function apply(op: Parameters<LeaseHandle['body']>[0]): Promise<Receipt> {
  const body = lease.body(op);
  const receipt = expectReceipt(await api.postOp(body), 201);
  expect(receipt.operationId).toBe(body.id);
  expect(receipt.compacted).toBe(false);
  return receipt;
}

describe('adjust', () => {
  it('applied: the receipt carries the effect and the item moves', async () => {
    const itemId = await api.newItem(lease, 10);
    const before = await api.item(itemId);
    const receipt = await apply(adjust(itemId, -2, { reason: 'sold', note: '' }));
    expect(receipt).toMatchObject({
      outcome: 'applied',
      reason: null,
      itemId,
      delta: -2,
      resultingQuantity: 8,
      itemRevision: before.revision + 1,
    });
    const after = await api.item(itemId);
    expect(after).toMatchObject({ quantity: 8, revision: before.revision + 1 });
    expect(after.updatedAt).toBe(receipt.recordedAt);
  });

  it('down to exactly 0 is applied', async () => {
    const itemId = await api.newItem(lease, 3);
    expect(await apply(adjust(itemId, -3))).toMatchObject({
      outcome: 'applied',
      resultingQuantity: 0,
    });
  });

  it('below 0 without allowNegative: review would-go-negative, nothing changes', async () => {
    const itemId = await api.newItem(lease, 3);
    const before = await api.item(itemId);
    expect(await apply(adjust(itemId, -4))).toMatchObject({
      outcome: 'review',
      reason: 'would-go-negative',
      delta: 0,
      resultingQuantity: 3,
      itemRevision: before.revision,
    });
    expect(await api.item(itemId)).toEqual(before);
  });

  it('below 0 with allowNegative: applied', async () => {
    const itemId = await api.newItem(lease, 3);
    expect(await apply(adjust(itemId, -5, { allowNegative: true }))).toMatchObject({
      outcome: 'applied',
      delta: -5,
      resultingQuantity: -2,
    });
    expect((await api.item(itemId)).quantity).toBe(-2);
  });

  it('unknown item: rejected unknown-item, no item fields', async () => {
    expect(await apply(adjust('no-such-item', 1))).toMatchObject({
      outcome: 'rejected',
      reason: 'unknown-item',
      itemId: 'no-such-item',
      delta: 0,
      resultingQuantity: null,
      itemRevision: null,
    });
  });
});

describe('count', () => {
  it('applied: the delta is the difference to the counted quantity', async () => {
    const itemId = await api.newItem(lease, 10);
    const before = await api.item(itemId);
    expect(await apply(count(itemId, 25, before.revision))).toMatchObject({
      outcome: 'applied',
      reason: null,
      delta: 15,
      resultingQuantity: 25,
      itemRevision: before.revision + 1,
    });
  });

  it('based on an old revision: review stale-count, nothing changes', async () => {
    const itemId = await api.newItem(lease, 10);
    const old = (await api.item(itemId)).revision;
    await apply(adjust(itemId, 1));
    const before = await api.item(itemId);
    expect(await apply(count(itemId, 4, old))).toMatchObject({
      outcome: 'review',
      reason: 'stale-count',
      delta: 0,
      resultingQuantity: before.quantity,
      itemRevision: before.revision,
    });
    expect(await api.item(itemId)).toEqual(before);
  });

  it('unknown item: rejected unknown-item', async () => {
    expect(await apply(count('no-such-item', 4, 0))).toMatchObject({
      outcome: 'rejected',
      reason: 'unknown-item',
      delta: 0,
    });
  });
});

describe('createItem', () => {
  it('applied: the item exists with its fields; delta is the initial quantity', async () => {
    const itemId = freshItemId('new');
    // delta = initialQuantity keeps the reliability checker's invariant
    // (docs/testing.md#reliability-suites): quantity = start (0) + applied deltas.
    expect(await apply(createItem(itemId, 7, 'SKU-NEW-1'))).toMatchObject({
      outcome: 'applied',
      reason: null,
      itemId,
      delta: 7,
      resultingQuantity: 7,
    });
    expect(await api.item(itemId)).toMatchObject({
      id: itemId,
      sku: 'SKU-NEW-1',
      name: `Test item ${itemId}`,
      location: 'Shelf A',
      quantity: 7,
    });
  });

  it('an id that is taken: rejected duplicate-item, the existing item unchanged', async () => {
    const itemId = await api.newItem(lease, 10);
    const before = await api.item(itemId);
    expect(await apply(createItem(itemId, 99, 'SKU-OTHER'))).toMatchObject({
      outcome: 'rejected',
      reason: 'duplicate-item',
      delta: 0,
    });
    expect(await api.item(itemId)).toEqual(before);
  });

  it('a SKU that is taken: rejected duplicate-item, no item created', async () => {
    const existing = await api.newItem(lease, 10);
    const itemId = freshItemId('dup-sku');
    expect(await apply(createItem(itemId, 1, `SKU-${existing}`))).toMatchObject({
      outcome: 'rejected',
      reason: 'duplicate-item',
      delta: 0,
    });
    expect((await api.items()).items.some((i) => i.id === itemId)).toBe(false);
  });
});

describe('createdAt is optional, and must parse when present', () => {
  it('accepts ISO 8601 with or without milliseconds and with an offset', async () => {
    const itemId = await api.newItem(lease, 10);
    for (const createdAt of ['2026-11-29T17:00:00Z', '2026-11-29T18:00:00.000+01:00']) {
      expectReceipt(await api.postOp(lease.body(adjust(itemId, 1), { createdAt })), 201);
    }
  });
});

describe('shape: 400 invalid-request naming the field, nothing stored', () => {
  const item = 'shape-item';
  const a = adjust(item, 1);
  const c = count(item, 1, 0);
  const n = createItem(item, 1);
  const cases: [string, Record<string, unknown>, string][] = [
    ['delta 0', { ...a, delta: 0 }, 'delta'],
    ['delta over a million', { ...a, delta: 1_000_001 }, 'delta'],
    ['delta under minus a million', { ...a, delta: -1_000_001 }, 'delta'],
    ['a fractional delta', { ...a, delta: 1.5 }, 'delta'],
    ['a string delta', { ...a, delta: '2' }, 'delta'],
    ['an unknown reason', { ...a, reason: 'stolen' }, 'reason'],
    ['a 501-character note', { ...a, note: 'x'.repeat(501) }, 'note'],
    ['a non-boolean allowNegative', { ...a, allowNegative: 'yes' }, 'allowNegative'],
    ['an upper-case itemId', { ...a, itemId: 'Lamp-14' }, 'itemId'],
    ['an itemId starting with "-"', { ...a, itemId: '-lamp' }, 'itemId'],
    ['a 65-character itemId', { ...a, itemId: 'a'.repeat(65) }, 'itemId'],
    ['an empty itemId', { ...a, itemId: '' }, 'itemId'],
    ['an unknown op type', { ...a, type: 'delete' }, 'type'],
    ['a negative count', { ...c, quantity: -1 }, 'quantity'],
    ['a count over a billion', { ...c, quantity: 1_000_000_001 }, 'quantity'],
    ['a negative basedOnRevision', { ...c, basedOnRevision: -1 }, 'basedOnRevision'],
    ['a missing basedOnRevision', { type: 'count', itemId: item, quantity: 1 }, 'basedOnRevision'],
    ['an empty sku', { ...n, sku: '' }, 'sku'],
    ['a 65-character sku', { ...n, sku: 'S'.repeat(65) }, 'sku'],
    ['a sku with a control character', { ...n, sku: 'SKU\u0007' }, 'sku'],
    ['an empty name', { ...n, name: '' }, 'name'],
    ['a 201-character name', { ...n, name: 'n'.repeat(201) }, 'name'],
    ['a 65-character location', { ...n, location: 'l'.repeat(65) }, 'location'],
    ['a negative initialQuantity', { ...n, initialQuantity: -1 }, 'initialQuantity'],
    ['an itemId with a space', { ...n, itemId: 'a b' }, 'itemId'],
  ];
  for (const [name, op, field] of cases) {
    it(name, async () => {
      const body = lease.body(adjust(item, 1));
      expectFieldError(await api.postOp({ ...body, op }), field);
      // Nothing stored: the same id is still free for its real content.
      expectReceipt(await api.postOp(body), 201);
    });
  }

  it('unknown fields are refused, in op and at the top level', async () => {
    const body = lease.body(adjust(item, 1));
    expectProblem(
      await api.postOp({ ...body, op: { ...body.op, colour: 'red' } }),
      'invalid-request',
    );
    expectProblem(await api.postOp({ ...body, priority: 'high' }), 'invalid-request');
    expectReceipt(await api.postOp(body), 201);
  });

  it('ids and createdAt are checked too', async () => {
    const body = lease.body(adjust(item, 1));
    expectFieldError(await api.postOp({ ...body, createdAt: 'yesterday' }), 'createdAt');
    expectFieldError(await api.postOp({ ...body, createdAt: '2026-13-45T99:00:00Z' }), 'createdAt');
    expectFieldError(await api.postOp({ ...body, id: 'no-dot' }), 'id');
    expectFieldError(await api.postOp({ ...body, id: 42 }), 'id');
    const { op: _op, ...withoutOp } = body;
    expectFieldError(await api.postOp(withoutOp), 'op');
  });

  it('accepts the boundary values', async () => {
    const itemId = `b${'x'.repeat(63)}`;
    expectReceipt(
      await api.postOp(lease.body(createItem(itemId, 1_000_000_000, 'S'.repeat(64)))),
      201,
    );
    for (const op of [
      adjust(itemId, -1_000_000, { note: 'n'.repeat(500) }),
      adjust(itemId, 1_000_000),
      count(itemId, 0, (await api.item(itemId)).revision + 2),
    ]) {
      expect((await api.postOp(lease.body(op))).status).toBe(201);
    }
  });
});
