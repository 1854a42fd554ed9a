/**
 * docs/api.md#leases: server-issued operation identities with a verified deadline. The token
 * binds lease id, user, device, size, issuedAt and deadline: any edit, a forgery, another user's
 * lease, a seq out of range or no lease at all is 400 invalid-operation-metadata, and nothing is
 * stored.
 */
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseResponse } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { adjust } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { ISO_MS, expectFieldError, expectProblem, expectReceipt } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';
import { everySingleCharEdit } from './support/token';

let server: RunningServer;
let api: Api;
let other: Api;
let lease: LeaseHandle;
let itemId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = await signIn(server.url, 'manager');
  other = await signIn(server.url, 'demo');
  lease = await api.lease();
  itemId = await api.newItem(lease, 10);
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('POST /api/leases', () => {
  it('grants 10000 ids bound to the user and device, deadline = issuedAt + LEASE_TTL (7d)', async () => {
    const reply = await api.post('/api/leases', { deviceId: 'phone-1' });
    expect(reply.status).toBe(201);
    const { lease: granted, token } = LeaseResponse.parse(reply.body);
    expect(granted).toMatchObject({ userId: api.user.id, deviceId: 'phone-1', size: 10000 });
    expect(granted.issuedAt).toMatch(ISO_MS);
    expect(granted.deadline).toMatch(ISO_MS);
    expect(Date.parse(granted.deadline) - Date.parse(granted.issuedAt)).toBe(7 * 86_400_000);
    expect(token.length).toBeGreaterThan(0);
    const again = LeaseResponse.parse(
      (await api.post('/api/leases', { deviceId: 'phone-1' })).body,
    );
    expect(again.lease.id).not.toBe(granted.id);
  });

  it('refuses a malformed request with 400 invalid-request', async () => {
    expectFieldError(await api.post('/api/leases', {}), 'deviceId');
    expectFieldError(await api.post('/api/leases', { deviceId: '' }), 'deviceId');
    expectFieldError(await api.post('/api/leases', { deviceId: 7 }), 'deviceId');
    // Unknown fields are refused (docs/api.md#conventions); a client cannot ask for more.
    expectProblem(await api.post('/api/leases', { deviceId: 'd', size: 1e9 }), 'invalid-request');
  });
});

describe('the token binds everything', () => {
  it('every single-character edit of the token is refused, and nothing is stored', async () => {
    const body = lease.body(adjust(itemId, 1));
    const edits = everySingleCharEdit(lease.token);
    const answers = new Map<string, number>();
    for (const edited of edits) {
      const reply = await api.postOp({ ...body, lease: edited });
      const code = (reply.body as { code?: string } | undefined)?.code ?? String(reply.status);
      answers.set(code, (answers.get(code) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ 'invalid-operation-metadata': edits.length });
    expect(await api.effects(itemId, body.id)).toBe(0);
    expectReceipt(await api.postOp(body), 201);
  });

  it('truncated, extended, empty, missing or non-token leases are refused', async () => {
    const body = lease.body(adjust(itemId, 1));
    const { lease: _token, ...withoutLease } = body;
    const refused = [
      { ...body, lease: lease.token.slice(0, -1) },
      { ...body, lease: `${lease.token}A` },
      { ...body, lease: lease.token.split('').reverse().join('') },
      { ...body, lease: '' },
      { ...body, lease: 'eyJhbGciOiJub25lIn0.eyJkZWFkbGluZSI6OTl9.' },
      withoutLease,
    ];
    for (const attempt of refused) {
      expectProblem(await api.postOp(attempt), 'invalid-operation-metadata');
    }
    expect(await api.effects(itemId, body.id)).toBe(0);
    expectReceipt(await api.postOp(body), 201);
  });

  it('a lease of the wrong JSON type is a shape error', async () => {
    const body = lease.body(adjust(itemId, 1));
    expectFieldError(await api.postOp({ ...body, lease: 42 }), 'lease');
  });

  it("a valid token used with another lease's id is refused", async () => {
    const second = await api.lease();
    const reply = await api.postOp({ ...second.body(adjust(itemId, 1)), lease: lease.token });
    expectProblem(reply, 'invalid-operation-metadata');
  });

  it("another user's lease is refused", async () => {
    const theirs = await other.lease();
    expectProblem(await api.postOp(theirs.body(adjust(itemId, 1))), 'invalid-operation-metadata');
  });

  it('a token signed with another secret (a forgery) is refused', async () => {
    const elsewhere = await startTestServer({ STOCKROOM_SECRET: 'another-secret' });
    try {
      const forger = await signIn(elsewhere.url, 'demo');
      const forged = await forger.lease();
      expectProblem(await api.postOp(forged.body(adjust(itemId, 1))), 'invalid-operation-metadata');
    } finally {
      await elsewhere.close();
    }
  });
});

describe('seq must be within the lease', () => {
  it('seq 0..size-1 are the lease ids; size and beyond are refused', async () => {
    const fresh = await api.lease();
    const at = (seq: number) => ({
      ...fresh.body(adjust(itemId, 1)),
      id: `${fresh.lease.id}.${seq}`,
    });
    for (const seq of [fresh.lease.size, fresh.lease.size + 1, 9_999_999_999]) {
      expectProblem(await api.postOp(at(seq)), 'invalid-operation-metadata');
    }
    expectReceipt(await api.postOp(at(fresh.lease.size - 1)), 201);
    expectReceipt(await api.postOp(at(0)), 201);
  });
});

describe('secret rotation', () => {
  it('STOCKROOM_SECRET_PREVIOUS still verifies old leases; without it they are refused', async () => {
    const name = `stockroom-rotation-${process.pid}-${Date.now()}`;
    const file = join(tmpdir(), `${name}.db`);
    const env = { DATABASE_URL: `sqlite:${file}` };
    try {
      const first = await startTestServer({ ...env, STOCKROOM_SECRET: 'old-secret' });
      const before = await signIn(first.url, 'manager');
      const old = await before.lease();
      const target = await before.newItem(old, 5);
      await first.close();

      const rotated = await startTestServer({
        ...env,
        STOCKROOM_SECRET: 'new-secret',
        STOCKROOM_SECRET_PREVIOUS: 'old-secret',
      });
      const during = await signIn(rotated.url, 'manager');
      expectReceipt(await during.postOp(old.body(adjust(target, 1))), 201);
      await rotated.close();

      const done = await startTestServer({ ...env, STOCKROOM_SECRET: 'new-secret' });
      const after = await signIn(done.url, 'manager');
      expectProblem(await after.postOp(old.body(adjust(target, 1))), 'invalid-operation-metadata');
      await done.close();
    } finally {
      // The database and whatever the server keeps beside it (WAL files, a development secret).
      for (const f of readdirSync(tmpdir()).filter((n) => n.startsWith(name))) {
        rmSync(join(tmpdir(), f), { force: true });
      }
    }
  });
});
