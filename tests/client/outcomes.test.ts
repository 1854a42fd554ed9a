/**
 * What is not retried automatically, and what needs the person: sign-in, expiry, refusals,
 * review, restored backups, another user's outbox. Real server, fake client time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  effectsOf,
  nextRetry,
  opById,
  signedIn,
  startHarness,
  type Harness,
} from './support/harness';

let h: Harness;
beforeAll(async () => {
  // Leases of 1 h with no settle and no grace: the lesson's scale, so deadlines are minutes away.
  h = await startHarness({
    LEASE_TTL: '1h',
    RECEIPT_TTL: '30m',
    SETTLE: '0',
    TOMBSTONE_GRACE: '2h',
  });
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  h.network.set(true);
  await h.clearFaults();
});

const HOUR = 3_600_000;

/** Advance the server and the device together (both clocks agree in real life). */
async function passTime(ms: number) {
  await h.advanceServerClock(ms);
  h.clock.advance(ms);
}

describe('outcomes that wait for a person', () => {
  it('401: waits for sign-in with the same id, then sends it once', async () => {
    const c = await signedIn(h);
    // The session ends on the server (signed out elsewhere, expired).
    await c.tester.authorizedFetch('/api/session', { method: 'DELETE' });
    const op = await c.adjust({ itemId: 'towel-tea', delta: -1, reason: 'sold' });
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('waiting');
    expect(opById(c, op.id).state).toBe('waiting');
    expect(c.getSnapshot().sessionExpired).toBe(true);
    expect(await c.signIn('demo', 'demo')).toEqual({ ok: true });
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('confirmed');
    expect(await effectsOf(h, 'towel-tea', op.id)).toBe(1);
  });

  it('410: past its deadline → needs review (expired) → the status endpoint says never applied', async () => {
    const c = await signedIn(h);
    await h.fault({ fault: 'drop-request', times: 1 });
    const op = await c.adjust({ itemId: 'candle-fig', delta: -1, reason: 'sold' });
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('unknown');
    h.network.set(false);
    // The server's clock passes the deadline; the device's clock lags behind (it resends, 410).
    await h.advanceServerClock(HOUR + 60_000);
    h.clock.advance(HOUR / 2);
    h.network.set(true);
    await c.whenIdle();
    const done = opById(c, op.id);
    expect(done.attempts.map((a) => [a.kind, a.httpStatus])).toEqual([
      ['send', null],
      ['send', 410],
      ['status', 200],
    ]);
    expect(done.state).toBe('not-applied');
    expect(done.canEnterAgain).toBe(true);
    h.clock.advance(HOUR); // the device's clock catches up: its lease is old, a fresh one comes
    await c.whenIdle();
    const again = await c.enterAgainAsNew(op.id);
    expect(again.id).not.toBe(op.id);
    await c.whenIdle();
    expect(opById(c, again.id).state).toBe('confirmed');
    expect(opById(c, op.id).resolution).toMatchObject({
      kind: 'entered-again',
      newOperationId: again.id,
    });
    expect(opById(c, op.id).canEnterAgain).toBe(false);
    await expect(c.enterAgainAsNew(op.id)).rejects.toMatchObject({ kind: 'not-allowed' });
    expect(await effectsOf(h, 'candle-fig', op.id)).toBe(0);
  });

  it('long unknown past deadline + grace: the server can no longer tell → expired', async () => {
    const c = await signedIn(h);
    await h.fault({ fault: 'drop-request', times: 1 });
    const op = await c.adjust({ itemId: 'candle-cedar', delta: -1, reason: 'sold' });
    await c.whenIdle();
    h.network.set(false);
    await passTime(HOUR + 2 * HOUR + 60_000);
    h.network.set(true);
    await c.whenIdle();
    const done = opById(c, op.id);
    // Long unknown: asked, not resent.
    expect(done.attempts.map((a) => a.kind)).toEqual(['send', 'status']);
    expect(done.state).toBe('expired');
    await c.discard(op.id, 'checked the history: not there');
    await c.whenIdle();
    expect(opById(c, op.id).resolution).toMatchObject({
      kind: 'discarded',
      note: 'checked the history: not there',
    });
  });

  it('422 key reused: kept for review and shown plainly', async () => {
    const c = await signedIn(h);
    await h.fault({ fault: 'drop-response', times: 1 });
    const op = await c.adjust({ itemId: 'throw-wool', delta: -1, reason: 'sold' });
    await c.whenIdle();
    // A buggy client changes the content under the same id.
    const store = await h.storeOf(c);
    await store.write(async (tx) => {
      const record = await tx.get('operations', op.id);
      if (record && record.op.type === 'adjust')
        await tx.put('operations', { ...record, op: { ...record.op, delta: -5 } });
    });
    store.close();
    await nextRetry(h, c);
    const review = opById(c, op.id);
    expect(review.state).toBe('review');
    expect(review.reason).toEqual({ kind: 'key-reused' });
    expect(await effectsOf(h, 'throw-wool', op.id)).toBe(1);
  });

  it('stored outcomes: review (would go negative) and rejected (unknown item), in words', async () => {
    const c = await signedIn(h);
    const negative = await c.adjust({ itemId: 'lamp-15', delta: -1_000, reason: 'sold' });
    const unknown = await c.adjust({ itemId: 'no-such-item', delta: 1, reason: 'received' });
    await c.whenIdle();
    expect(opById(c, negative.id)).toMatchObject({
      state: 'review',
      reason: { kind: 'review', reason: 'would-go-negative' },
    });
    expect(opById(c, unknown.id)).toMatchObject({
      state: 'rejected',
      reason: { kind: 'rejected', reason: 'unknown-item' },
    });
    expect(c.getSnapshot().items.find((i) => i.id === 'lamp-15')?.pendingDelta).toBe(0);
  });

  it('a new lease moves only operations that never left the device', async () => {
    const c = await signedIn(h, { policy: { leaseMaxAgeMs: 20 * 60_000 } });
    await h.fault({ fault: 'drop-request', times: 1 });
    const sent = await c.adjust({ itemId: 'mug-sand', delta: -1, reason: 'sold' });
    await c.whenIdle();
    h.network.set(false);
    const unsent = await c.adjust({ itemId: 'mug-sand', delta: -1, reason: 'sold' });
    await passTime(HOUR / 2); // older than the refresh age, not expired
    h.network.set(true);
    await c.whenIdle();
    const ids = c.getSnapshot().operations.map((o) => o.id);
    expect(ids).toContain(sent.id);
    expect(ids).not.toContain(unsent.id);
    // A screen holding the moved operation finds it again by its handle, under its new id.
    const moved = c.getSnapshot().operations.find((o) => o.handle === unsent.handle);
    expect(moved?.id).not.toBe(unsent.id);
    expect(moved?.op).toEqual(unsent.op);
    expect(moved?.id.split('.')[0]).toBe(c.getSnapshot().lease?.id);
    expect(opById(c, sent.id).handle).toBe(sent.handle);
    expect(
      c
        .getSnapshot()
        .operations.filter((o) => o.state === 'confirmed')
        .map((o) => o.id),
    ).toEqual(expect.arrayContaining([sent.id, moved?.id]));
  });

  it('warns, as data, when frozen work approaches its deadline offline', async () => {
    const c = await signedIn(h);
    await h.fault({ fault: 'drop-request', times: 1 });
    const op = await c.adjust({ itemId: 'cushion-olive', delta: -1, reason: 'sold' });
    await c.whenIdle();
    h.network.set(false);
    h.clock.advance(HOUR / 2);
    await c.checkAndResend(op.id); // a round starts; offline, so nothing moves
    const [warning] = c.getSnapshot().warnings;
    expect(warning?.count).toBe(1);
    expect(warning?.deadline).toBe(opById(c, op.id).deadline);
  });

  it('the outbox is per user: another person sees the count and cannot send them', async () => {
    const c = await signedIn(h);
    h.network.set(false);
    await c.adjust({ itemId: 'glass-tumbler', delta: -1, reason: 'sold' });
    await c.adjust({ itemId: 'glass-tumbler', delta: -1, reason: 'sold' });
    const demoName = c.getSnapshot().user?.name;
    h.network.set(true);
    await c.signOut();
    // The sign-out round had nothing to send as nobody: the operations are still waiting.
    expect(await c.signIn('manager', 'manager')).toEqual({ ok: true });
    await c.whenIdle();
    const snap = c.getSnapshot();
    expect(snap.operations).toEqual([]);
    expect(snap.otherUsersWaiting).toEqual([{ userName: demoName, count: 2 }]);
  });
});
