/** The store contract, part 4: the export outbox (claim, mark, backlog, removal once delivered). */
import { expect, it } from 'vitest';
import { EXPORT_CLAIM_MS } from '../../../src/server/export/claim-lease';
import { ALICE, T0, type ContractContext } from './store-contract-support';

export function registerExportContract(ctx: ContractContext): void {
  it('hands out export rows oldest first, keyed by operation id, until they are marked', async () => {
    await ctx.seed();
    const a = await ctx.adjust('lamp-14', -1, T0 + 1);
    await ctx.adjust('lamp-14', -1000, T0 + 2); // review: no export row
    const b = await ctx.adjust('bolt-1', 3, T0 + 3);
    const c = await ctx.adjust('nut-2', -4, T0 + 4);
    expect(await ctx.store.exportBacklog()).toEqual({ pending: 3, oldestCreatedAt: T0 + 1 });

    const first = await ctx.store.claimExports(2, T0 + 10);
    expect(first.map((r) => [r.effectId, r.createdAt])).toEqual([
      [a.request.operationId, T0 + 1],
      [b.request.operationId, T0 + 3],
    ]);
    expect(JSON.parse(first[0]?.payload ?? '')).toMatchObject({
      effectId: a.request.operationId,
      userId: ALICE.id,
      itemId: 'lamp-14',
      delta: -1,
      resultingQuantity: 11,
    });

    await ctx.store.markExported(
      first.map((r) => r.effectId),
      T0 + 20,
    );
    expect(await ctx.store.exportBacklog()).toEqual({ pending: 1, oldestCreatedAt: T0 + 4 });
    // Marking twice changes nothing; unknown ids are ignored.
    await ctx.store.markExported([a.request.operationId, 'Lnone.0'], T0 + 30);
    expect((await ctx.store.exportBacklog()).pending).toBe(1);

    // Past any claim a worker may hold, what is left is handed out again, and only that.
    const later = T0 + 10 + 2 * EXPORT_CLAIM_MS;
    const rest = await ctx.store.claimExports(10, later);
    expect(rest.map((r) => r.effectId)).toEqual([c.request.operationId]);
    await ctx.store.markExported([c.request.operationId], later);
    expect(await ctx.store.exportBacklog()).toEqual({ pending: 0, oldestCreatedAt: null });
    expect(await ctx.store.claimExports(10, later + 2 * EXPORT_CLAIM_MS)).toEqual([]);
  });

  it('removes rows delivered before the cut, never a pending one, and still hands out later ones', async () => {
    await ctx.seed();
    const a = await ctx.adjust('lamp-14', -1, T0 + 1);
    const b = await ctx.adjust('bolt-1', 3, T0 + 2);
    const c = await ctx.adjust('nut-2', -4, T0 + 3);
    expect((await ctx.store.claimExports(10, T0 + 10)).length).toBe(3);
    await ctx.store.markExported([a.request.operationId], T0 + 20);
    await ctx.store.markExported([b.request.operationId], T0 + 30);

    expect(await ctx.store.removeDeliveredExports(T0 + 20)).toBe(0); // strictly before the cut
    expect(await ctx.store.removeDeliveredExports(T0 + 21)).toBe(1);
    expect(await ctx.store.removeDeliveredExports(T0 + 1000)).toBe(1);
    expect(await ctx.store.exportBacklog()).toEqual({ pending: 1, oldestCreatedAt: T0 + 3 });
    const due = await ctx.store.claimExports(10, T0 + 10 + 2 * EXPORT_CLAIM_MS);
    expect(due.map((r) => r.effectId)).toEqual([c.request.operationId]);

    // Everything delivered and removed (an adapter may keep its newest row): the next effect is
    // still handed out, however the adapter numbers its rows.
    await ctx.store.markExported([c.request.operationId], T0 + 40);
    await ctx.store.removeDeliveredExports(T0 + 1000);
    const d = await ctx.adjust('lamp-14', -1, T0 + 50);
    const next = await ctx.store.claimExports(10, T0 + 50 + 2 * EXPORT_CLAIM_MS);
    expect(next.map((r) => r.effectId)).toEqual([d.request.operationId]);
  });

  it('records a claimed batch one accepted effect at a time, leaving only the rest pending', async () => {
    await ctx.seed();
    const a = await ctx.adjust('lamp-14', -1, T0 + 1);
    const b = await ctx.adjust('bolt-1', 3, T0 + 2);
    const c = await ctx.adjust('nut-2', -4, T0 + 3);
    expect((await ctx.store.claimExports(10, T0 + 10)).length).toBe(3);
    await ctx.store.markExported([a.request.operationId], T0 + 11);
    expect(await ctx.store.exportBacklog()).toEqual({ pending: 2, oldestCreatedAt: T0 + 2 });
    await ctx.store.markExported([b.request.operationId], T0 + 12);
    expect(await ctx.store.exportBacklog()).toEqual({ pending: 1, oldestCreatedAt: T0 + 3 });
    // The worker died holding the batch: once the claim lapses, only the unrecorded effect is due.
    const again = await ctx.store.claimExports(10, T0 + 10 + 2 * EXPORT_CLAIM_MS);
    expect(again.map((r) => r.effectId)).toEqual([c.request.operationId]);
  });

  it('keeps an export row that was claimed but never marked (the worker died)', async () => {
    await ctx.seed();
    const a = await ctx.adjust('lamp-14', -1, T0 + 1);
    expect((await ctx.store.claimExports(10, T0 + 2)).map((r) => r.effectId)).toEqual([
      a.request.operationId,
    ]);
    expect(await ctx.store.exportBacklog()).toEqual({ pending: 1, oldestCreatedAt: T0 + 1 });
    const again = await ctx.store.claimExports(10, T0 + 2 + 2 * EXPORT_CLAIM_MS);
    expect(again.map((r) => r.effectId)).toEqual([a.request.operationId]);
  });
}
