/**
 * docs/api.md#order-of-checks: 0 transport, 1 authentication, 2 shape, 3 lease,
 * 4 existing record, 5 deadline, 6 apply. Each test provokes two checks at once and asserts the
 * earlier one answers. LEASE_TTL=1h on a frozen tester clock so deadlines are exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationStatus } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { send } from './support/http';
import { adjust } from './support/ops';
import type { LeaseHandle, OpBody } from './support/ops';
import { expectFieldError, expectProblem, expectReceipt } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';
import { flipChar } from './support/token';

let server: RunningServer;
let api: Api;
let itemId: string;

beforeAll(async () => {
  server = await startTestServer({ LEASE_TTL: '1h', RECEIPT_TTL: '1h' });
  api = await signIn(server.url);
  await api.freezeClock();
  itemId = await api.newItem(await api.lease(), 100);
}, 60_000);

afterAll(async () => {
  await server.close();
});

/** A fresh lease with one applied operation (the "existing record"). */
async function withRecord(): Promise<{ lease: LeaseHandle; body: OpBody; text: string }> {
  const lease = await api.lease();
  const body = lease.body(adjust(itemId, -1));
  const reply = await api.postOp(body);
  expectReceipt(reply, 201);
  return { lease, body, text: reply.text };
}

const edited = (token: string) => flipChar(token, Math.floor(token.length / 2));

describe('1. authentication before everything about the operation', () => {
  it('no token + bad shape, bad lease or an existing id → 401', async () => {
    const { lease, body } = await withRecord();
    const bodies = [
      { ...body, op: { ...body.op, delta: 0 } },
      { ...lease.body(adjust(itemId, 1)), lease: 'forged' },
      body,
    ];
    for (const json of bodies) {
      expectProblem(await send(server.url, 'POST', '/api/operations', { json }), 'unauthorized');
      const bad = { json, token: 'not-a-session' };
      expectProblem(await send(server.url, 'POST', '/api/operations', bad), 'unauthorized');
    }
  });
});

describe('2. shape before the lease', () => {
  it('bad shape + bad lease → invalid-request with errors', async () => {
    const lease = await api.lease();
    const body = lease.body(adjust(itemId, 0));
    expectFieldError(await api.postOp({ ...body, lease: 'forged' }), 'delta');
    const { lease: _missing, ...noLease } = body;
    expectFieldError(await api.postOp(noLease), 'delta');
    expectProblem(
      await api.postOp({ ...noLease, op: adjust(itemId, 1), extra: 1 }),
      'invalid-request',
    );
  });

  // The header is part of the request's validity (docs/api.md#operations lists it with the shape
  // rules).
  it('an Idempotency-Key that differs from id + bad lease → invalid-request', async () => {
    const lease = await api.lease();
    const body = { ...lease.body(adjust(itemId, 1)), lease: 'forged' };
    expectProblem(await api.postOp(body, { 'idempotency-key': 'other' }), 'invalid-request');
  });

  it('bad shape + existing id → invalid-request, not a replay or key-reused', async () => {
    const { body } = await withRecord();
    expectFieldError(await api.postOp({ ...body, op: { ...body.op, delta: 0 } }), 'delta');
    expectProblem(await api.postOp({ ...body, extra: true }), 'invalid-request');
    expectFieldError(await api.postOp({ ...body, createdAt: 'not a date' }), 'createdAt');
  });
});

describe('3. the lease before the existing record', () => {
  it('bad lease + existing id, same content → metadata, not a replay', async () => {
    const { lease, body } = await withRecord();
    expectProblem(
      await api.postOp({ ...body, lease: edited(lease.token) }),
      'invalid-operation-metadata',
    );
    const { lease: _missing, ...noLease } = body;
    expectProblem(await api.postOp(noLease), 'invalid-operation-metadata');
  });

  it('bad lease + existing id, different content → metadata, not key-reused', async () => {
    const { lease, body } = await withRecord();
    const changed = { ...body, op: adjust(itemId, -9), lease: edited(lease.token) };
    expectProblem(await api.postOp(changed), 'invalid-operation-metadata');
  });
});

describe('3 before 5: the lease before the deadline', () => {
  it('past the deadline, an edited, missing or out-of-range lease is metadata, not 410', async () => {
    const lease = await api.lease();
    const body = lease.body(adjust(itemId, 1));
    await api.setClock(lease.deadlineMs + 1);
    expectProblem(
      await api.postOp({ ...body, lease: edited(lease.token) }),
      'invalid-operation-metadata',
    );
    const { lease: _missing, ...noLease } = body;
    expectProblem(await api.postOp(noLease), 'invalid-operation-metadata');
    const outOfRange = { ...body, id: `${lease.lease.id}.${lease.lease.size}` };
    expectProblem(await api.postOp(outOfRange), 'invalid-operation-metadata');
    expectProblem(await api.postOp(body), 'operation-expired');
  });
});

describe('4 before 5: an existing record answers even past the deadline', () => {
  it('same content → 200 replay; different content → 422 key-reused, not 410', async () => {
    const { lease, body, text } = await withRecord();
    await api.setClock(lease.deadlineMs + 1);
    const replay = await api.postOp(body);
    expectReceipt(replay, 200);
    expect(replay.text).toBe(text);
    expectProblem(await api.postOp({ ...body, op: adjust(itemId, -5) }), 'key-reused');
  });
});

describe('5. no record past the deadline → 410 operation-expired, nothing stored', () => {
  it('refuses a first apply after the deadline and stores nothing', async () => {
    const lease = await api.lease();
    const before = await api.item(itemId);
    const body = lease.body(adjust(itemId, 1));
    await api.setClock(lease.deadlineMs + 1);
    const refused = expectProblem(await api.postOp(body), 'operation-expired');
    // The refusal says what the server's clock read and the deadline it judged against: a device
    // whose idea of the server's time is off learns it here (client: server-clock.ts).
    expect(refused.now).toBe(new Date(lease.deadlineMs + 1).toISOString());
    expect(refused.deadline).toBe(new Date(lease.deadlineMs).toISOString());
    expectProblem(await api.postOp(body), 'operation-expired');
    expect(await api.item(itemId)).toEqual(before);
    expect(await api.effects(itemId, body.id)).toBe(0);
    const status = OperationStatus.parse((await api.status(body.id, lease.token)).body);
    expect(status.state).not.toBe('processed');
  });

  it('at exactly the deadline it is still applied; one millisecond later it is not', async () => {
    const lease = await api.lease();
    await api.setClock(lease.deadlineMs);
    expectReceipt(await api.postOp(lease.body(adjust(itemId, 1))), 201);
    await api.setClock(lease.deadlineMs + 1);
    expectProblem(await api.postOp(lease.body(adjust(itemId, 1))), 'operation-expired');
  });
});

describe('0. transport refusals come first', () => {
  it('415 and malformed JSON win over a bad lease', async () => {
    const lease = await api.lease();
    const body = JSON.stringify({ ...lease.body(adjust(itemId, 1)), lease: 'forged' });
    const textPlain = await api.send('POST', '/api/operations', {
      raw: body,
      contentType: 'text/plain',
    });
    expectProblem(textPlain, 'unsupported-media-type');
    const malformed = await api.send('POST', '/api/operations', {
      raw: body.slice(0, -1),
      contentType: 'application/json',
    });
    expectProblem(malformed, 'invalid-request');
  });
});
