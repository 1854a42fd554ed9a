/** docs/api.md#items-and-history: the item list, its delta by revision, the history journal. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryResponse } from '../../src/protocol/schemas';
import type { HistoryEntry } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { adjust, count } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
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

describe('GET /api/items', () => {
  it('lists about 20 demo items with a global revision', async () => {
    const { items, revision } = await api.items();
    expect(items.length).toBeGreaterThanOrEqual(15);
    expect(items.length).toBeLessThanOrEqual(30);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(new Set(items.map((i) => i.sku)).size).toBe(items.length);
    for (const item of items) expect(revision).toBeGreaterThanOrEqual(item.revision);
  });

  it('?since=n returns only the items changed after global revision n', async () => {
    const itemId = await api.newItem(lease, 10);
    const { revision } = await api.items();
    expect(await api.items(revision)).toEqual({ items: [], revision });
    expectReceipt(await api.postOp(lease.body(adjust(itemId, 2))), 201);
    const delta = await api.items(revision);
    expect(delta.items.map((i) => [i.id, i.quantity])).toEqual([[itemId, 12]]);
    expect(delta.revision).toBeGreaterThan(revision);
    expect((await api.items(delta.revision)).items).toEqual([]);
    // A review changes nothing, so it is not a change.
    expectReceipt(await api.postOp(lease.body(adjust(itemId, -100))), 201);
    expect(await api.items(delta.revision)).toEqual({ items: [], revision: delta.revision });
  });

  it('?since=0 returns every item', async () => {
    expect((await api.items(0)).items.length).toBe((await api.items()).items.length);
  });

  it('refuses a since that is not a non-negative integer', async () => {
    for (const since of ['abc', '-1', '1.5']) {
      expectProblem(await api.get(`/api/items?since=${since}`), 'invalid-request');
    }
  });
});

describe('GET /api/items/{id}/history', () => {
  it('pages the applied operations newest first with limit and before', async () => {
    const itemId = await api.newItem(lease, 100);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const body = lease.body(adjust(itemId, -i, { reason: 'sold', note: `sale ${i}` }));
      ids.push(body.id);
      expectReceipt(await api.postOp(body), 201);
    }
    expectReceipt(await api.postOp(lease.body(adjust(itemId, -1000))), 201); // review: not in history
    const counted = lease.body(count(itemId, 50, (await api.item(itemId)).revision));
    expectReceipt(await api.postOp(counted), 201);

    const pages: HistoryEntry[][] = [];
    let query = '?limit=2';
    for (;;) {
      const page = HistoryResponse.parse((await api.historyPage(itemId, query)).body);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      pages.push(page.entries);
      if (page.next === null) break;
      query = `?limit=2&before=${encodeURIComponent(page.next)}`;
    }
    const all = pages.flat();
    // count, then sales 5..1, then the createItem.
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
    expect(all.map((e) => e.operationId)).toEqual([
      counted.id,
      ...[...ids].reverse(),
      expect.any(String),
    ]);
    expect(all[0]).toMatchObject({
      type: 'count',
      delta: -35,
      resultingQuantity: 50,
      userName: api.user.name,
    });
    expect(all[1]).toMatchObject({
      type: 'adjust',
      delta: -5,
      resultingQuantity: 85,
      reason: 'sold',
      note: 'sale 5',
    });
    expect(all[6]).toMatchObject({ type: 'createItem', delta: 100, resultingQuantity: 100 });
    expect(await api.history(itemId)).toEqual(all);
  });

  it('limit is at most 200', async () => {
    const itemId = await api.newItem(lease, 1);
    expect((await api.historyPage(itemId, '?limit=200')).status).toBe(200);
    for (const limit of ['201', '1000', '0', '-1', 'ten']) {
      expectProblem(await api.historyPage(itemId, `?limit=${limit}`), 'invalid-request');
    }
  });

  // The cursor is opaque; one the server never issued is a bad request, not a server error.
  it('refuses a cursor it never issued', async () => {
    const itemId = await api.newItem(lease, 1);
    expectProblem(await api.historyPage(itemId, '?before=not-a-cursor'), 'invalid-request');
  });

  it('an unknown item is 404 not-found', async () => {
    expectProblem(await api.historyPage('no-such-item'), 'not-found');
  });
});
