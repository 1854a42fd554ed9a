/**
 * docs/api.md#retention: receipts compact to tombstones after RECEIPT_TTL; a tombstone is removed
 * only when the clock is strictly later than its deadline + TOMBSTONE_GRACE, and at exactly that
 * instant it is kept whether the cleanup runs before or after a replay. LEASE_TTL=10m,
 * RECEIPT_TTL=5m, SETTLE=1m, TOMBSTONE_GRACE=3m, on a frozen tester clock, on a server of its own
 * so the cleanup's counts are exactly this file's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth';
import { signIn } from './support/api';
import type { Api } from './support/api';
import type { Reply } from './support/http';
import { adjust } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
import { MINUTE, startTestServer } from './support/server';
import type { RunningServer } from './support/server';

const RETENTION = { LEASE_TTL: '10m', RECEIPT_TTL: '5m', SETTLE: '1m', TOMBSTONE_GRACE: '3m' };

let server: RunningServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer(RETENTION);
  api = await signIn(server.url);
}, 60_000);

afterAll(async () => {
  await server.close();
});

function expectTombstoneReplay(reply: Reply, original: Reply): void {
  expectReceipt(reply, 200);
  expect(reply.body).toEqual({ ...(original.body as object), compacted: true });
}

describe('compaction and removal on the tester clock', () => {
  it('compacts after RECEIPT_TTL, keeps at exactly deadline + grace, removes strictly after', async () => {
    const t0 = (await api.now()) + MINUTE;
    await api.setClock(t0);
    const lease = await api.lease(); // deadline t0 + 10m, removal after t0 + 13m
    const itemId = await api.newItem(lease, 5);
    const a = lease.body(adjust(itemId, 1));
    const b = lease.body(adjust(itemId, -50)); // review: would-go-negative
    const c = lease.body(adjust('no-such-item', 1)); // rejected: unknown-item
    const first = new Map<string, Reply>();
    for (const body of [a, b, c]) {
      const reply = await api.postOp(body);
      expectReceipt(reply, 201);
      first.set(body.id, reply);
    }
    const original = (id: string) => first.get(id) as Reply;

    await api.setClock(t0 + MINUTE);
    const later = await api.lease(); // deadline t0 + 11m, removal after t0 + 14m
    const d = later.body(adjust(itemId, 1));
    const dFirst = await api.postOp(d);
    expectReceipt(dFirst, 201);

    await api.setClock(t0 + 5 * MINUTE - 1);
    expect(await api.cleanup()).toEqual({ compacted: 0, removed: 0 });
    await api.setClock(t0 + 5 * MINUTE + 1);
    // The createItem and a, b, c; d is only 4 minutes old.
    expect(await api.cleanup()).toEqual({ compacted: 4, removed: 0 });
    expect(await api.cleanup()).toEqual({ compacted: 0, removed: 0 });
    for (const body of [a, b, c]) expectTombstoneReplay(await api.postOp(body), original(body.id));
    expectReceipt(await api.postOp(d), 200);
    expect((await api.postOp(d)).text).toBe(dFirst.text);
    // The tombstone keeps the fingerprint: new content under the id is still key-reused.
    expectProblem(await api.postOp({ ...a, op: adjust(itemId, 7) }), 'key-reused');

    // Exactly deadline + grace: request first, then cleanup; and cleanup first, then request.
    await api.setClock(t0 + 13 * MINUTE);
    expectTombstoneReplay(await api.postOp(a), original(a.id));
    expect(await api.cleanup()).toEqual({ compacted: 1, removed: 0 }); // d compacts now
    expectTombstoneReplay(await api.postOp(b), original(b.id));
    expect(await api.cleanup()).toEqual({ compacted: 0, removed: 0 });
    expectTombstoneReplay(await api.postOp(a), original(a.id));

    // Strictly later: still there until the cleanup runs, then gone.
    await api.setClock(t0 + 13 * MINUTE + 1);
    expectTombstoneReplay(await api.postOp(c), original(c.id));
    expect(await api.cleanup()).toEqual({ compacted: 0, removed: 4 });
    for (const body of [a, b, c]) expectProblem(await api.postOp(body), 'operation-expired');
    expectTombstoneReplay(await api.postOp(d), dFirst);

    await api.setClock(t0 + 14 * MINUTE);
    expect(await api.cleanup()).toEqual({ compacted: 0, removed: 0 });
    await api.setClock(t0 + 14 * MINUTE + 1);
    expect(await api.cleanup()).toEqual({ compacted: 0, removed: 1 });
    expectProblem(await api.postOp(d), 'operation-expired');

    // The journal is not compacted with receipts: the effects of a and d are still there.
    expect(await api.effects(itemId, a.id)).toBe(1);
    expect(await api.effects(itemId, d.id)).toBe(1);
    expect(await api.effects(itemId, b.id)).toBe(0);
  });
});

describe('invariants checked at start', () => {
  it('refuses RECEIPT_TTL > LEASE_TTL', async () => {
    await expect(startTestServer({ LEASE_TTL: '2d', RECEIPT_TTL: '3d' })).rejects.toThrow(
      /RECEIPT_TTL/,
    );
  });

  it('refuses SETTLE > TOMBSTONE_GRACE', async () => {
    await expect(startTestServer({ SETTLE: '10m', TOMBSTONE_GRACE: '5m' })).rejects.toThrow(
      /SETTLE/,
    );
  });

  it('accepts the equal limits and zeroes', async () => {
    const equal = await startTestServer({
      LEASE_TTL: '20m',
      RECEIPT_TTL: '20m',
      SETTLE: '0',
      TOMBSTONE_GRACE: '0',
    });
    await equal.close();
  });
});

describe('sessions', () => {
  it('the cleanup job removes sessions whose expiry has passed, and keeps live ones', async () => {
    const own = await startTestServer({ SESSION_TTL: '1h' });
    try {
      const fresh = await signIn(own.url);
      const t0 = (await fresh.now()) + MINUTE;
      await fresh.setClock(t0);
      const old = await signIn(own.url); // expires at t0 + 1h, never used again
      // `fresh` is used on the way (each use slides its expiry); `old` is not.
      await fresh.setClock(t0 + 40 * MINUTE);
      await fresh.setClock(t0 + 61 * MINUTE);
      await fresh.cleanup();
      expect(await own.store.sessionByHash(hashToken(old.token))).toBeNull();
      expect(await own.store.sessionByHash(hashToken(fresh.token))).not.toBeNull();
    } finally {
      await own.close();
    }
  });
});

describe('export outbox', () => {
  it('the cleanup job removes rows delivered more than RECEIPT_TTL ago, and no pending one', async () => {
    const own = await startTestServer(RETENTION);
    try {
      const ownApi = await signIn(own.url);
      const t0 = (await ownApi.now()) + MINUTE;
      await ownApi.setClock(t0);
      const lease = await ownApi.lease();
      const itemId = await ownApi.newItem(lease, 5); // an export row too
      for (const delta of [1, 2])
        expectReceipt(await ownApi.postOp(lease.body(adjust(itemId, delta))), 201);
      // This server has no export worker (in memory, no EXPORT_FILE): deliver the first two here.
      const claimed = await own.store.claimExports(2, t0);
      await own.store.markExported(
        claimed.map((row) => row.effectId),
        t0,
      );

      await ownApi.setClock(t0 + 5 * MINUTE + 1); // just past RECEIPT_TTL after the delivery
      await ownApi.cleanup();
      // Nothing delivered is left for a later removal to find, and the pending row is still due.
      expect(await own.store.removeDeliveredExports(t0 + 365 * 24 * 60 * MINUTE)).toBe(0);
      expect((await own.store.exportBacklog()).pending).toBe(1);
    } finally {
      await own.close();
    }
  });
});
