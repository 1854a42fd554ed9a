/**
 * The store contract, part 6: places (docs/api.md#places). A transfer's two sides in one
 * transaction, exactly once under a race of duplicates from two handles ("processes") and through
 * a failure before commit; an archive and a transfer into the same place from two handles never
 * leave stock in an archived place; the export row of a transfer is one effect holding both sides.
 */
import { expect, it } from 'vitest';
import { Receipt, type Op } from '../../../src/protocol/schemas';
import { at, T0, type ContractContext } from './store-contract-support';

const parse = (text: string) => Receipt.parse(JSON.parse(text));
const transfer = (itemId: string, from: string, to: string, quantity: number): Op => ({
  type: 'transfer',
  itemId,
  fromPlaceId: from,
  toPlaceId: to,
  quantity,
});
const stockOf = async (ctx: ContractContext, itemId: string) => {
  const { items } = await ctx.store.listItems(null);
  const item = items.find((i) => i.id === itemId);
  return Object.fromEntries((item?.stock ?? []).map((s) => [s.placeId, s.quantity]));
};

export function registerPlacesContract(ctx: ContractContext): void {
  it('places: main from the start; create, rename and list changes since a revision', async () => {
    const first = await ctx.store.listPlaces(null);
    expect(first.places).toEqual([{ id: 'main', name: 'Main', archived: false, revision: 1 }]);
    await ctx.apply({ type: 'createPlace', placeId: 'back', name: 'Back room' });
    await ctx.apply({
      type: 'updatePlace',
      placeId: 'back',
      basedOnRevision: 1,
      changes: { name: 'Store room' },
    });
    const changed = await ctx.store.listPlaces(first.revision);
    expect(changed.places).toEqual([
      { id: 'back', name: 'Store room', archived: false, revision: 2 },
    ]);
    expect(changed.revision).toBe(first.revision + 2);
    expect((await ctx.store.listPlaces(changed.revision)).places).toEqual([]);
  });

  it('a transfer: both sides, one receipt (delta 0), two journal entries, one export effect', async () => {
    await ctx.seed();
    await ctx.apply({ type: 'createPlace', placeId: 'back', name: 'Back room' });
    const backlog = (await ctx.store.exportBacklog()).pending;
    const { request, receipt } = await ctx.apply(transfer('lamp-14', 'main', 'back', 5));
    expect(parse(receipt)).toMatchObject({
      outcome: 'applied',
      delta: 0,
      resultingQuantity: 12,
      itemRevision: 2,
    });
    expect(await stockOf(ctx, 'lamp-14')).toEqual({ main: 7, back: 5 });
    const entries = (await ctx.store.history('lamp-14', 10, null))?.entries ?? [];
    expect(entries.filter((e) => e.operationId === request.operationId)).toMatchObject([
      { delta: 5, placeId: 'back', placeQuantity: 5, resultingQuantity: 12, revision: 2 },
      { delta: -5, placeId: 'main', placeQuantity: 7, resultingQuantity: 12, revision: 2 },
    ]);
    const rows = await ctx.store.claimExports(100, T0);
    expect(rows).toHaveLength(backlog + 1);
    const row = rows.find((r) => r.effectId === request.operationId);
    expect(JSON.parse(row?.payload ?? '{}')).toMatchObject({
      places: [
        { placeId: 'main', delta: -5, quantity: 7 },
        { placeId: 'back', delta: 5, quantity: 5 },
      ],
    });
  });

  it('a transfer rolled back before commit leaves neither side', async () => {
    await ctx.seed();
    await ctx.apply({ type: 'createPlace', placeId: 'back', name: 'Back room' });
    const request = await ctx.request(transfer('lamp-14', 'main', 'back', 5));
    await expect(
      ctx.store.apply([request], { now: () => T0, failBeforeCommit: true }),
    ).rejects.toThrow();
    expect(await stockOf(ctx, 'lamp-14')).toEqual({ main: 12 });
    expect(await ctx.store.findOperation(request.userId, request.operationId)).toBeNull();
  });

  it('lets exactly one of two concurrent duplicate transfers (two store handles) commit', async () => {
    await ctx.seed();
    await ctx.apply({ type: 'createPlace', placeId: 'back', name: 'Back room' });
    const second = await ctx.open();
    const n = 12;
    const requests = await Promise.all(
      Array.from({ length: n }, () => ctx.request(transfer('bolt-1', 'main', 'back', 2))),
    );
    const race = await Promise.all(
      requests.flatMap((r, i) => [ctx.store.apply([r], at(T0 + i)), second.apply([r], at(T0 + i))]),
    );
    for (let i = 0; i < n; i++) {
      const pair = [race[2 * i]?.results[0], race[2 * i + 1]?.results[0]];
      const winner = pair.find((r) => r?.kind === 'committed');
      const loser = pair.find((r) => r?.kind === 'existing');
      expect(winner && loser, JSON.stringify(pair)).toBeTruthy();
      if (winner?.kind === 'committed' && loser?.kind === 'existing') {
        expect(loser.record.receipt).toBe(winner.receipt);
      }
    }
    expect(await stockOf(ctx, 'bolt-1')).toEqual({ main: 100 - 2 * n, back: 2 * n });
    expect((await ctx.store.history('bolt-1', 200, null))?.entries).toHaveLength(2 * n);
  });

  it('an archive racing a transfer into the place never leaves stock in an archived place', async () => {
    await ctx.seed();
    const second = await ctx.open();
    for (let round = 0; round < 6; round++) {
      const placeId = `van-${round}`;
      await ctx.apply({ type: 'createPlace', placeId, name: `Van ${round}` });
      const move = await ctx.request(transfer('nut-2', 'main', placeId, 1));
      const archive = await ctx.request({ type: 'archivePlace', placeId });
      const [a, b] = await Promise.all([
        ctx.store.apply([move], at(T0)),
        second.apply([archive], at(T0)),
      ]);
      const moved = parse(a.results[0]?.kind === 'committed' ? a.results[0].receipt : '{}');
      const archived = parse(b.results[0]?.kind === 'committed' ? b.results[0].receipt : '{}');
      // Exactly one of the two orders: moved first (archive refused), or archived first (move refused).
      if (moved.outcome === 'applied') expect(archived.reason).toBe('place-not-empty');
      else {
        expect(moved.reason).toBe('archived-place');
        expect(archived.outcome).toBe('applied');
      }
      const place = (await ctx.store.listPlaces(null)).places.find((p) => p.id === placeId);
      const held = (await stockOf(ctx, 'nut-2'))[placeId] ?? 0;
      expect(place?.archived === true && held !== 0).toBe(false);
    }
  });
}
