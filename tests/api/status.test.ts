/**
 * docs/api.md#status: GET /api/operations/{id} with Stockroom-Lease.
 * LEASE_TTL=10m, RECEIPT_TTL=5m, SETTLE=1m, TOMBSTONE_GRACE=3m on a frozen tester clock, so
 * every boundary of the table is exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationStatus, Receipt } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { send } from './support/http';
import { adjust } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
import { MINUTE, startTestServer } from './support/server';
import type { RunningServer } from './support/server';
import { flipChar } from './support/token';

let server: RunningServer;
let api: Api;
let itemId: string;

beforeAll(async () => {
  server = await startTestServer({
    LEASE_TTL: '10m',
    RECEIPT_TTL: '5m',
    SETTLE: '1m',
    TOMBSTONE_GRACE: '3m',
  });
  api = await signIn(server.url);
  await api.freezeClock();
  itemId = await api.newItem(await api.lease(), 100);
}, 60_000);

afterAll(async () => {
  await server.close();
});

async function stateOf(id: string, lease: LeaseHandle): Promise<OperationStatus> {
  const reply = await api.status(id, lease.token);
  expect(reply.status, reply.text).toBe(200);
  return OperationStatus.parse(reply.body);
}

describe('processed', () => {
  it('answers the receipt exactly as a replay returns it, for every outcome', async () => {
    const lease = await api.lease();
    for (const op of [adjust(itemId, -1), adjust('no-such-item', 1), adjust(itemId, -1_000_000)]) {
      const body = lease.body(op);
      const first = await api.postOp(body);
      expectReceipt(first, 201);
      const replay = await api.postOp(body);
      expect(await stateOf(body.id, lease)).toEqual({ state: 'processed', receipt: replay.body });
      expect(replay.body).toEqual(first.body);
    }
  });

  it('answers a tombstone with compacted: true', async () => {
    const lease = await api.lease();
    const body = lease.body(adjust(itemId, 1));
    const original = expectReceipt(await api.postOp(body), 201);
    await api.advanceClock(5 * MINUTE + 1);
    await api.cleanup();
    expect(await stateOf(body.id, lease)).toEqual({
      state: 'processed',
      receipt: { ...original, compacted: true },
    });
  });
});

describe('the states of an id that has no record, at the exact boundaries', () => {
  it('not-yet until deadline + SETTLE, never-applied until deadline + GRACE, then forgotten', async () => {
    const lease = await api.lease();
    const id = lease.nextId();
    const d = lease.deadlineMs;
    const notYet = { state: 'not-yet', acceptUntil: lease.lease.deadline };
    const walk: [number, unknown][] = [
      [d - MINUTE, notYet],
      [d, notYet],
      [d + MINUTE, notYet],
      [d + MINUTE + 1, { state: 'never-applied' }],
      [d + 3 * MINUTE, { state: 'never-applied' }],
      [d + 3 * MINUTE + 1, { state: 'forgotten' }],
    ];
    for (const [at, expected] of walk) {
      await api.setClock(at);
      expect(await stateOf(id, lease)).toEqual(expected);
    }
  });

  it('a record answers processed even past deadline + GRACE, until the cleanup removes it', async () => {
    const lease = await api.lease();
    const body = lease.body(adjust(itemId, 1));
    expectReceipt(await api.postOp(body), 201);
    await api.setClock(lease.deadlineMs + 3 * MINUTE + 1);
    expect((await stateOf(body.id, lease)).state).toBe('processed');
    await api.cleanup();
    expect(await stateOf(body.id, lease)).toEqual({ state: 'forgotten' });
    expect(await api.effects(itemId, body.id)).toBe(1); // the journal keeps the effect
  });
});

describe('read-only', () => {
  it('asking never applies anything: the id stays free for its first apply', async () => {
    const lease = await api.lease();
    const body = lease.body(adjust(itemId, 1));
    const before = await api.item(itemId);
    for (let i = 0; i < 3; i += 1) expect((await stateOf(body.id, lease)).state).toBe('not-yet');
    expect(await api.item(itemId)).toEqual(before);
    const receipt = expectReceipt(await api.postOp(body), 201);
    expect(Receipt.parse(receipt).outcome).toBe('applied');
  });
});

describe('the lease is checked as in step 3', () => {
  it('missing, edited, out of range or not the id’s lease → 400 invalid-operation-metadata', async () => {
    const lease = await api.lease();
    const other = await api.lease();
    const id = lease.nextId();
    expectProblem(await api.status(id, null), 'invalid-operation-metadata');
    expectProblem(await api.status(id, ''), 'invalid-operation-metadata');
    expectProblem(await api.status(id, flipChar(lease.token, 5)), 'invalid-operation-metadata');
    expectProblem(await api.status(id, other.token), 'invalid-operation-metadata');
    const outOfRange = `${lease.lease.id}.${lease.lease.size}`;
    expectProblem(await api.status(outOfRange, lease.token), 'invalid-operation-metadata');
  });

  it('needs authentication first', async () => {
    const lease = await api.lease();
    const reply = await send(server.url, 'GET', `/api/operations/${lease.nextId()}`, {
      headers: { 'stockroom-lease': lease.token },
    });
    expectProblem(reply, 'unauthorized');
  });
});
