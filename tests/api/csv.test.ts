/**
 * docs/api.md#http-hygiene, CSV for spreadsheets: GET /api/items.csv and
 * GET /api/items/{id}/history.csv (RFC 4180, UTF-8, header row, streamed, formula cells defused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Op } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { parseCsv } from './support/csv';
import { send } from './support/http';
import { adjust, createItem, freshItemId } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';

let server: RunningServer;
let manager: Api;
let staff: Api;
let lease: LeaseHandle;

const ITEM_HEADER = [
  'id',
  'sku',
  'barcode',
  'name',
  'location',
  'quantity',
  'lowStockThreshold',
  'archived',
  'revision',
];
const HISTORY_HEADER = [
  'recordedAt',
  'operationId',
  'user',
  'reason',
  'delta',
  'resultingQuantity',
  'note',
];

beforeAll(async () => {
  server = await startTestServer();
  manager = await signIn(server.url, 'manager');
  staff = await signIn(server.url, 'demo');
  lease = await manager.lease();
}, 60_000);

afterAll(async () => {
  await server.close();
});

async function apply(op: Op): Promise<string> {
  const body = lease.body(op);
  expect(expectReceipt(await manager.postOp(body), 201).outcome).toBe('applied');
  return body.id;
}

async function csv(path: string): Promise<string[][]> {
  const reply = await staff.get(path);
  expect(reply.status, reply.text).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
  // Streamed: no length known up front.
  expect(reply.headers.get('content-length')).toBeNull();
  return parseCsv(reply.text);
}

describe('GET /api/items.csv', () => {
  it('is for signed-in users only', async () => {
    expectProblem(await send(server.url, 'GET', '/api/items.csv'), 'unauthorized');
    expectProblem(
      await send(server.url, 'GET', '/api/items/x/history.csv', { token: 'nope' }),
      'unauthorized',
    );
  });

  it('has the header row and one row per item, archived ones included', async () => {
    const kept = freshItemId('kept');
    const gone = freshItemId('gone');
    await apply({ ...createItem(kept, 4), barcode: '4006381333931', lowStockThreshold: 2 });
    await apply(createItem(gone, 1));
    await apply({ type: 'archiveItem', itemId: gone });
    const rows = await csv('/api/items.csv');
    expect(rows[0]).toEqual(ITEM_HEADER);
    const listed = (await staff.items()).items;
    // Every listed item plus the archived one, each once.
    expect(rows.length - 1).toBe(listed.length + 1);
    const byId = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byId.get(kept)).toEqual([
      kept,
      `SKU-${kept}`,
      '4006381333931',
      `Test item ${kept}`,
      'Shelf A',
      '4',
      '2',
      'false',
      '1',
    ]);
    expect(byId.get(gone)).toEqual([
      gone,
      `SKU-${gone}`,
      '',
      `Test item ${gone}`,
      'Shelf A',
      '1',
      '',
      'true',
      '2',
    ]);
  });

  it("quotes commas and quotes, keeps UTF-8, and prefixes formula text with ' (numbers stay numbers)", async () => {
    const cases: [string, string][] = [
      ['Lamp, brass "deluxe"', 'Lamp, brass "deluxe"'],
      ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
      ['+44 cable', "'+44 cable"],
      ['-5 spare', "'-5 spare"],
      ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
      ['Crème brûlée 🍮, 2 €', 'Crème brûlée 🍮, 2 €'],
    ];
    const ids: string[] = [];
    for (const [name] of cases) {
      const itemId = freshItemId('text');
      ids.push(itemId);
      await apply({ ...createItem(itemId, 0), name, sku: `=${itemId}` });
    }
    const negative = freshItemId('neg');
    await apply(createItem(negative, 0));
    await apply(adjust(negative, -3, { allowNegative: true }));
    const reply = await staff.get('/api/items.csv');
    expect(reply.text).toContain('"Lamp, brass ""deluxe"""');
    const byId = new Map(parseCsv(reply.text).map((r) => [r[0], r]));
    cases.forEach(([, shown], i) => {
      const row = byId.get(ids[i] ?? '');
      expect(row?.[3]).toBe(shown);
      expect(row?.[1]).toBe(`'=${ids[i] ?? ''}`);
    });
    expect(byId.get(negative)?.[5]).toBe('-3');
    // The bytes are UTF-8.
    const bytes = new TextEncoder().encode('Crème brûlée 🍮');
    const raw = new Uint8Array(await (await fetchCsv('/api/items.csv')).arrayBuffer());
    expect(Buffer.from(raw).includes(Buffer.from(bytes))).toBe(true);
  });
});

async function fetchCsv(path: string): Promise<Response> {
  return fetch(server.url + path, { headers: { authorization: `Bearer ${staff.token}` } });
}

describe('GET /api/items/{id}/history.csv', () => {
  it('has the header row and the history newest first, notes quoted and defused', async () => {
    const itemId = freshItemId('hist');
    const created = await apply(createItem(itemId, 10));
    const sold = await apply(adjust(itemId, -2, { note: 'Sold 2, "as is"' }));
    const formula = await apply(adjust(itemId, 1, { note: '=1+1' }));
    const rows = await csv(`/api/items/${itemId}/history.csv`);
    expect(rows[0]).toEqual(HISTORY_HEADER);
    const history = await staff.history(itemId);
    expect(rows.slice(1)).toEqual(
      history.map((e) => [
        e.recordedAt,
        e.operationId,
        'manager',
        e.reason,
        String(e.delta),
        String(e.resultingQuantity),
        e.note === null ? '' : e.note.startsWith('=') ? `'${e.note}` : e.note,
      ]),
    );
    expect(rows.slice(1).map((r) => [r[1], r[3], r[4], r[6]])).toEqual([
      [formula, 'received', '1', "'=1+1"],
      [sold, 'sold', '-2', 'Sold 2, "as is"'],
      [created, 'created', '10', ''],
    ]);
  });

  it('pages through a long history in one answer', async () => {
    const itemId = freshItemId('long');
    await apply(createItem(itemId, 0));
    const ops = Array.from({ length: 450 }, () => lease.body(adjust(itemId, 1)));
    expect((await manager.batch(ops)).status).toBe(200);
    const rows = await csv(`/api/items/${itemId}/history.csv`);
    expect(rows).toHaveLength(1 + 451);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(451);
    expect(rows[1]?.[5]).toBe('450');
  });

  it('an unknown item is 404 not-found', async () => {
    expectProblem(await staff.get('/api/items/no-such-item/history.csv'), 'not-found');
  });
});
