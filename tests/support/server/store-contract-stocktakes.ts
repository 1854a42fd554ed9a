/** The store contract, part 7: stock-takes (start, count lines, review, apply once, cancel). */
import { expect, it } from 'vitest';
import { Receipt, type Op } from '../../../src/protocol/schemas';
import { ALICE, at, BOB, committed, T0, type ContractContext } from './store-contract-support';

const parse = (text: string) => Receipt.parse(JSON.parse(text));
const start = (stocktakeId: string, itemIds?: string[]): Op => ({
  type: 'startStocktake',
  stocktakeId,
  name: 'Back room',
  placeId: 'main',
  blind: true,
  ...(itemIds ? { itemIds } : {}),
});
const count = (stocktakeId: string, itemId: string, counted: number, basedOnRevision = 1): Op => ({
  type: 'stocktakeCount',
  stocktakeId,
  itemId,
  counted,
  basedOnRevision,
});
const apply = (stocktakeId: string, uncounted: 'leave' | 'zero' = 'leave'): Op => ({
  type: 'applyStocktake',
  stocktakeId,
  uncounted,
});

export function registerStocktakeContract(ctx: ContractContext): void {
  it('applies counted lines plus later changes once, with journal entries and one export effect', async () => {
    await ctx.seed();
    await ctx.apply(start('st-1', ['lamp-14', 'bolt-1', 'nut-2']));
    await ctx.apply(count('st-1', 'lamp-14', 4), { userId: ALICE.id, role: 'staff' });
    await ctx.apply(count('st-1', 'lamp-14', 6), { userId: BOB.id });
    await ctx.adjust('lamp-14', -3, T0 + 1);
    // Alice recounts her shelf: her line is replaced, Bob's stays.
    await ctx.apply(count('st-1', 'lamp-14', 5), { userId: ALICE.id, role: 'staff' });
    await ctx.apply(count('st-1', 'bolt-1', 100), { userId: ALICE.id, role: 'staff' });

    const detail = await ctx.store.stocktake('st-1');
    expect(detail?.summary).toMatchObject({
      id: 'st-1',
      blind: true,
      status: 'open',
      startedBy: 'alice',
      scope: 3,
      counted: 2,
    });
    expect(detail?.lines.map((l) => [l.userName, l.counted])).toEqual([
      ['alice', 4],
      ['bob', 6],
      ['alice', 5],
      ['alice', 100],
    ]);
    expect(detail?.review.find((r) => r.itemId === 'lamp-14')).toEqual({
      itemId: 'lamp-14',
      counted: 11,
      changesSince: -3,
      current: 9,
      proposed: 8,
    });

    const applied = await ctx.apply(apply('st-1', 'zero'), { at: T0 + 2 });
    expect(parse(applied.receipt)).toMatchObject({ outcome: 'applied', itemId: null, delta: 0 });
    expect(await ctx.quantity('lamp-14')).toBe(8);
    expect(await ctx.quantity('bolt-1')).toBe(100);
    expect(await ctx.quantity('nut-2')).toBe(0);
    const lampHistory = await ctx.store.history('lamp-14', 10, null);
    expect(lampHistory?.entries[0]).toMatchObject({
      operationId: applied.request.operationId,
      type: 'applyStocktake',
      delta: -1,
      resultingQuantity: 8,
      reason: 'stocktake',
      note: 'Stock-take "Back room"',
      revision: 3,
    });
    expect((await ctx.store.history('bolt-1', 10, null))?.entries).toEqual([]);
    const exports = await ctx.store.claimExports(100, T0 + 3);
    const effect = exports.find((e) => e.effectId === applied.request.operationId);
    expect(JSON.parse(effect?.payload ?? '{}')).toMatchObject({
      stocktakeId: 'st-1',
      changes: [
        { itemId: 'lamp-14', delta: -1, resultingQuantity: 8 },
        { itemId: 'nut-2', delta: -50, resultingQuantity: 0 },
      ],
    });

    // The same request again is the stored receipt; a new apply is refused.
    const { results } = await ctx.store.apply([applied.request], at(T0 + 4));
    expect(results[0]).toMatchObject({ kind: 'existing', record: { receipt: applied.receipt } });
    const again = await ctx.apply(apply('st-1'), { at: T0 + 5 });
    expect(parse(again.receipt)).toMatchObject({ outcome: 'rejected', reason: 'stocktake-closed' });
    expect(await ctx.quantity('lamp-14')).toBe(8);
    expect((await ctx.store.listStocktakes()).map((s) => [s.id, s.status])).toEqual([
      ['st-1', 'applied'],
    ]);
  });

  it('cancels with nothing applied, and refuses counts afterwards', async () => {
    await ctx.seed();
    await ctx.apply(start('st-2'));
    await ctx.apply(count('st-2', 'nut-2', 1));
    await ctx.apply({ type: 'cancelStocktake', stocktakeId: 'st-2' });
    expect(await ctx.quantity('nut-2')).toBe(50);
    const late = await ctx.apply(count('st-2', 'nut-2', 2));
    expect(parse(late.receipt)).toMatchObject({ outcome: 'rejected', reason: 'stocktake-closed' });
    expect((await ctx.store.stocktake('st-2'))?.summary).toMatchObject({
      status: 'cancelled',
      scope: 3,
    });
    expect(await ctx.store.stocktake('nope')).toBeNull();
  });

  it('a count racing an apply on another handle is either in the apply or refused', async () => {
    await ctx.seed();
    const other = await ctx.open();
    for (let round = 0; round < 6; round++) {
      const id = `race-${round}`;
      await ctx.apply(start(id, ['bolt-1']));
      const before = (await ctx.quantity('bolt-1')) ?? 0;
      const revision = (await ctx.store.listItems(null)).items.find((i) => i.id === 'bolt-1');
      const countRequest = await ctx.request(count(id, 'bolt-1', before + 7, revision?.revision));
      const applyRequest = await ctx.request(apply(id));
      const [counted] = await Promise.all([
        ctx.store.apply([countRequest], at(T0)).then((r) => parse(committed(r.results[0]))),
        other.apply([applyRequest], at(T0)).then((r) => committed(r.results[0])),
      ]);
      const after = await ctx.quantity('bolt-1');
      if (counted.outcome === 'applied') expect(after).toBe(before + 7);
      else {
        expect(counted.reason).toBe('stocktake-closed');
        expect(after).toBe(before);
      }
    }
  });
}
