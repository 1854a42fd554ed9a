/**
 * The store contract, part 3: retention (`cleanup`): compaction and tombstone removal boundaries;
 * expired sessions removed (`removeExpiredSessions`).
 */
import { expect, it } from 'vitest';
import { Receipt } from '../../../src/protocol/schemas';
import { compactReceiptText } from '../../../src/server/core/receipt';
import { at, ALICE, DAY, T0, type ContractContext } from './store-contract-support';

const parse = (text: string) => Receipt.parse(JSON.parse(text));

export function registerRetentionContract(ctx: ContractContext): void {
  it('removes sessions whose expiry has passed, and only those', async () => {
    const session = (tokenHash: string, expiresAt: number) =>
      ctx.store.insertSession({ tokenHash, userId: ALICE.id, expiresAt });
    await session('expired', T0 - 1);
    await session('expires-now', T0);
    await session('later', T0 + DAY);
    expect(await ctx.store.removeExpiredSessions(T0)).toBe(1);
    expect(await ctx.store.sessionByHash('expired')).toBeNull();
    // At exactly its expiry a session still authenticates (auth.ts), so it stays.
    expect(await ctx.store.sessionByHash('expires-now')).not.toBeNull();
    expect(await ctx.store.removeExpiredSessions(T0 + DAY + 1)).toBe(2);
    expect(await ctx.store.sessionByHash('later')).toBeNull();
  });

  it('compacts after the receipt TTL and removes tombstones only strictly after deadline + grace', async () => {
    await ctx.seed();
    const policy = { receiptTtlMs: 1000, tombstoneGraceMs: 500 };
    const deadline = T0 + 5000;
    const { request, receipt } = await ctx.apply(
      { type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold', note: 'kept in history' },
      { deadline },
    );
    const younger = await ctx.apply(
      { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
      { at: T0 + 10, deadline: T0 + 50 * DAY },
    );

    expect(await ctx.store.cleanup(T0 + 1000, policy)).toEqual({ compacted: 0, removed: 0 });
    expect(await ctx.store.cleanup(T0 + 1001, policy)).toEqual({ compacted: 1, removed: 0 });
    const tomb = await ctx.store.findOperation(ALICE.id, request.operationId);
    expect(tomb).toEqual({
      userId: ALICE.id,
      operationId: request.operationId,
      fingerprint: request.fingerprint,
      receipt: compactReceiptText(receipt),
      deadline,
      compacted: true,
    });
    expect(parse(tomb?.receipt ?? '')).toEqual({ ...parse(receipt), compacted: true });
    expect(await ctx.receiptOf(younger.request)).toBe(younger.receipt);

    // Exactly at deadline + grace the tombstone is kept; one millisecond later it goes.
    expect(await ctx.store.cleanup(deadline + 500, policy)).toEqual({ compacted: 1, removed: 0 });
    expect(await ctx.store.findOperation(ALICE.id, request.operationId)).not.toBeNull();
    const replay = await ctx.store.apply([request], at(deadline + 500));
    expect(replay.results).toEqual([{ kind: 'existing', record: tomb }]);
    expect(await ctx.store.cleanup(deadline + 501, policy)).toEqual({ compacted: 0, removed: 1 });
    expect(await ctx.store.findOperation(ALICE.id, request.operationId)).toBeNull();
    // Forgotten by the receipts, never by the journal; and past its deadline the id stays refused.
    expect((await ctx.store.history('lamp-14', 10, null))?.entries.map((e) => e.note)).toContain(
      'kept in history',
    );
    expect((await ctx.store.apply([request], at(deadline + 502))).results).toEqual([
      { kind: 'expired' },
    ]);
    expect(await ctx.quantity('lamp-14')).toBe(9);
  });

  it('removes a receipt not compacted yet once past deadline + grace (receipt TTL longer than the grace)', async () => {
    await ctx.seed();
    const policy = { receiptTtlMs: 1000, tombstoneGraceMs: 100 };
    const deadline = T0 + 50;
    const { request } = await ctx.apply(
      { type: 'adjust', itemId: 'lamp-14', delta: 1, reason: 'received' },
      { deadline },
    );
    const younger = await ctx.apply(
      { type: 'adjust', itemId: 'lamp-14', delta: 1, reason: 'received' },
      { at: T0 + 10, deadline: T0 + 50 * DAY },
    );
    expect(await ctx.store.cleanup(deadline + 100, policy)).toEqual({ compacted: 0, removed: 0 });
    expect(await ctx.store.cleanup(deadline + 101, policy)).toEqual({ compacted: 0, removed: 1 });
    expect(await ctx.store.findOperation(ALICE.id, request.operationId)).toBeNull();
    expect(await ctx.receiptOf(younger.request)).toBe(younger.receipt);
  });
}
