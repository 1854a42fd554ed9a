/**
 * docs/api.md#authentication: operation identities, receipts and leases are scoped to the user.
 * User B can neither read nor replay nor block user A's operations; B presenting A's lease gets
 * 400 invalid-operation-metadata and learns nothing about A's operations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchResponse, OperationStatus } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { adjust } from './support/ops';
import type { LeaseHandle, OpBody } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';

let server: RunningServer;
let alice: Api;
let bob: Api;
let aliceLease: LeaseHandle;
let bobLease: LeaseHandle;
let itemId: string;
let used: OpBody;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signIn(server.url, 'demo');
  bob = await signIn(server.url, 'manager');
  aliceLease = await alice.lease('alice-phone');
  bobLease = await bob.lease('bob-tablet');
  // Creating items is a manager's operation; the scoping under test is about alice's own ids.
  itemId = await bob.newItem(bobLease, 10);
  used = aliceLease.body(adjust(itemId, -1));
  expectReceipt(await alice.postOp(used), 201);
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe("B cannot replay or read A's operations", () => {
  it("B posting A's used id with A's lease: metadata, not a replay and not key-reused", async () => {
    expectProblem(await bob.postOp(used), 'invalid-operation-metadata');
    expectProblem(
      await bob.postOp({ ...used, op: adjust(itemId, -7) }),
      'invalid-operation-metadata',
    );
    expect(await alice.effects(itemId, used.id)).toBe(1);
  });

  it("B asking for A's operation status with A's lease: metadata", async () => {
    expectProblem(await bob.status(used.id, aliceLease.token), 'invalid-operation-metadata');
  });

  it('B learns nothing: a used and an unused id of A answer exactly alike', async () => {
    const unused = { ...used, id: `${aliceLease.lease.id}.9000` };
    const onUsed = await bob.postOp(used);
    const onUnused = await bob.postOp(unused);
    expect(onUsed.status).toBe(onUnused.status);
    expect(onUsed.body).toEqual(onUnused.body);
    const statusUsed = await bob.status(used.id, aliceLease.token);
    const statusUnused = await bob.status(unused.id, aliceLease.token);
    expect(statusUsed.status).toBe(statusUnused.status);
    expect(statusUsed.body).toEqual(statusUnused.body);
  });

  it("B's own lease cannot name A's ids", async () => {
    const disguised = { ...used, lease: bobLease.token };
    expectProblem(await bob.postOp(disguised), 'invalid-operation-metadata');
    expectProblem(await bob.status(used.id, bobLease.token), 'invalid-operation-metadata');
  });
});

describe("B cannot block A's operations", () => {
  it("B's attempts at A's next id leave it free for A", async () => {
    const next = aliceLease.body(adjust(itemId, 2));
    expectProblem(await bob.postOp(next), 'invalid-operation-metadata');
    expectProblem(
      await bob.postOp({ ...next, lease: bobLease.token }),
      'invalid-operation-metadata',
    );
    expectProblem(
      await bob.postOp({ ...next, op: adjust(itemId, 50) }),
      'invalid-operation-metadata',
    );
    const receipt = expectReceipt(await alice.postOp(next), 201);
    expect(receipt).toMatchObject({ outcome: 'applied', delta: 2 });
  });

  it("A cannot use B's lease either, and B's ids stay B's", async () => {
    const bobs = bobLease.body(adjust(itemId, 1));
    expectProblem(await alice.postOp(bobs), 'invalid-operation-metadata');
    expectProblem(await alice.status(bobs.id, bobLease.token), 'invalid-operation-metadata');
    const status = OperationStatus.parse((await bob.status(bobs.id, bobLease.token)).body);
    expect(status.state).toBe('not-yet');
    expectReceipt(await bob.postOp(bobs), 201);
  });

  it('in a batch too', async () => {
    const next = aliceLease.body(adjust(itemId, 1));
    const reply = await bob.batch([next]);
    expect(reply.status).toBe(200);
    const { results } = BatchResponse.parse(reply.body);
    expect(results.map((r) => [r.status, r.problem?.code])).toEqual([
      [400, 'invalid-operation-metadata'],
    ]);
    expectReceipt(await alice.postOp(next), 201);
  });
});
