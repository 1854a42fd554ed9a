/** docs/api.md#conventions: problem+json, request ids, Server-Timing, timestamps. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryResponse, LeaseResponse, OperationStatus } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { send } from './support/http';
import { adjust } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { ISO_MS, expectProblem, expectReceipt } from './support/problem';
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
  itemId = await api.newItem(lease, 10);
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('X-Request-Id (the attempt id)', () => {
  it('echoes the client header on success, on a problem and on health', async () => {
    const cases = [
      await api.get('/api/items', { 'x-request-id': 'attempt-items-1' }),
      await api.get('/api/no-such-route', { 'x-request-id': 'attempt-404-1' }),
      await send(server.url, 'GET', '/api/health', { headers: { 'x-request-id': 'attempt-h-1' } }),
      await api.postOp(lease.body(adjust(itemId, 1)), { 'x-request-id': 'attempt-op-1' }),
    ];
    expect(cases.map((r) => r.headers.get('x-request-id'))).toEqual([
      'attempt-items-1',
      'attempt-404-1',
      'attempt-h-1',
      'attempt-op-1',
    ]);
  });

  it('generates a new id per attempt when the client sends none', async () => {
    const replies = [
      await send(server.url, 'GET', '/api/health'),
      await send(server.url, 'GET', '/api/health'),
      await send(server.url, 'GET', '/api/items'),
    ];
    const ids = replies.map((r) => r.headers.get('x-request-id') ?? '');
    for (const id of ids) expect(id.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

/** `accept;dur=0.1, tx;dur=1.9`: names with optional dur/desc parameters, comma separated. */
function expectServerTiming(header: string | null): void {
  expect(header).not.toBeNull();
  const metrics = (header ?? '').split(',');
  for (const metric of metrics) {
    expect(metric).toMatch(
      /^\s*[A-Za-z0-9_-]+(\s*;\s*(dur=\d+(\.\d+)?|desc=("[^"]*"|[^;,\s]+)))*\s*$/,
    );
  }
  expect(metrics.some((m) => /;\s*dur=/.test(m))).toBe(true);
}

describe('Server-Timing on operation responses', () => {
  it('is on a first apply, on a replay and on a batch', async () => {
    const body = lease.body(adjust(itemId, 1));
    const first = await api.postOp(body);
    expectReceipt(first, 201);
    expectServerTiming(first.headers.get('server-timing'));
    const replay = await api.postOp(body);
    expectReceipt(replay, 200);
    expectServerTiming(replay.headers.get('server-timing'));
    // The batch endpoint is an operation endpoint too (docs/api.md#conventions; a client measures
    // it alike).
    const batch = await api.batch([lease.body(adjust(itemId, 1))]);
    expect(batch.status).toBe(200);
    expectServerTiming(batch.headers.get('server-timing'));
  });
});

describe('timestamps are ISO 8601 UTC with milliseconds', () => {
  it('in leases, receipts, items, history, status and the tester clock', async () => {
    const granted = LeaseResponse.parse((await api.post('/api/leases', { deviceId: 'ts' })).body);
    const receipt = expectReceipt(await api.postOp(lease.body(adjust(itemId, 2))), 201);
    const item = await api.item(itemId);
    const history = HistoryResponse.parse((await api.historyPage(itemId)).body);
    const status = OperationStatus.parse((await api.status(lease.nextId(), lease.token)).body);
    const clock = await api.clock();
    const stamps = [
      granted.lease.issuedAt,
      granted.lease.deadline,
      receipt.recordedAt,
      item.updatedAt,
      ...history.entries.map((e) => e.recordedAt),
      status.state === 'not-yet' ? status.acceptUntil : `state ${status.state}`,
      clock.now,
    ];
    for (const stamp of stamps) expect(stamp).toMatch(ISO_MS);
  });
});

describe('problem+json for every error', () => {
  it('404 not-found for unknown /api routes', async () => {
    expectProblem(await api.get('/api/no-such-route'), 'not-found');
    expectProblem(await api.post('/api/no-such-route', {}), 'not-found');
    expectProblem(await api.get('/api/items/no-such-item/history'), 'not-found');
  });

  it('415 unsupported-media-type for a body that is not JSON', async () => {
    const body = JSON.stringify(lease.body(adjust(itemId, 1)));
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'text/json']) {
      const reply = await api.send('POST', '/api/operations', { raw: body, contentType });
      expectProblem(reply, 'unsupported-media-type');
    }
    const leaseReply = await api.send('POST', '/api/leases', {
      raw: '{"deviceId":"x"}',
      contentType: 'text/plain',
    });
    expectProblem(leaseReply, 'unsupported-media-type');
  });

  it('accepts application/json with a charset parameter', async () => {
    const reply = await api.send('POST', '/api/operations', {
      raw: JSON.stringify(lease.body(adjust(itemId, 1))),
      contentType: 'application/json; charset=utf-8',
    });
    expectReceipt(reply, 201);
  });

  it('400 invalid-request for malformed JSON, nothing stored', async () => {
    const before = await api.item(itemId);
    for (const raw of ['{', '{"id": }', 'null', '[]', '"text"', '{"id":"a.1"}garbage']) {
      const reply = await api.send('POST', '/api/operations', {
        raw,
        contentType: 'application/json',
      });
      expectProblem(reply, 'invalid-request');
    }
    expect(await api.item(itemId)).toEqual(before);
  });

  it('400 invalid-request for a body that is not UTF-8', async () => {
    const valid = JSON.stringify(lease.body(adjust(itemId, 1, { note: 'NOTE' })));
    const bytes = Buffer.from(valid, 'utf8');
    const at = bytes.indexOf('NOTE');
    bytes[at] = 0xff;
    bytes[at + 1] = 0xfe;
    const reply = await api.send('POST', '/api/operations', {
      raw: new Uint8Array(bytes),
      contentType: 'application/json',
    });
    expectProblem(reply, 'invalid-request');
  });

  it('400 invalid-request with the failing fields in `errors`', async () => {
    const reply = await api.postOp(lease.body(adjust(itemId, 0)));
    const problem = expectProblem(reply, 'invalid-request');
    expect(problem.errors?.map((e) => e.path)).toEqual(
      expect.arrayContaining([expect.stringContaining('delta')]),
    );
  });
});
