import { describe, expect, it } from 'vitest';
import type { StocktakeDetail, StocktakeSummary } from '../../protocol/schemas';
import { openMemoryStore } from '../store/memory-store';
import { keepStocktake, keepStocktakes, keptStocktake, keptStocktakes } from './kept-stocktakes';

function summary(id: string, status: StocktakeSummary['status']): StocktakeSummary {
  return {
    id,
    name: `Stock-take ${id}`,
    placeId: 'main',
    blind: true,
    status,
    startedAt: '2026-12-06T09:00:00.000Z',
    startedBy: 'manager',
    scope: 1,
    counted: 0,
  };
}

/** As a manager sees it: with the expected quantity a blind count hides from staff. */
function detail(id: string): StocktakeDetail {
  return {
    ...summary(id, 'open'),
    lines: [],
    review: [{ itemId: 'lamp', counted: null, changesSince: 0, current: 12, proposed: 12 }],
  };
}

describe('stock-takes kept on the device', () => {
  it('keeps the list and each detail for the person they were read by', async () => {
    const store = openMemoryStore();
    const list = { stocktakes: [summary('a', 'open')] };
    await store.write(async (tx) => {
      await keepStocktakes(tx, 'u-manager', list);
      await keepStocktake(tx, 'u-manager', detail('a'));
    });
    const [kept, one, other] = await store.read(async (tx) => [
      await keptStocktakes(tx, 'u-manager'),
      await keptStocktake(tx, 'u-manager', 'a'),
      await keptStocktake(tx, 'u-manager', 'b'),
    ]);
    expect(kept).toEqual(list);
    expect(one).toEqual(detail('a'));
    expect(other).toBeNull();
  });

  it('shows another person signing in on the phone nothing of it (a blind count stays blind)', async () => {
    const store = openMemoryStore();
    await store.write(async (tx) => {
      await keepStocktakes(tx, 'u-manager', { stocktakes: [summary('a', 'open')] });
      await keepStocktake(tx, 'u-manager', detail('a'));
    });
    expect(await store.read((tx) => keptStocktake(tx, 'u-staff', 'a'))).toBeNull();
    expect(await store.read((tx) => keptStocktakes(tx, 'u-staff'))).toBeNull();
    // What staff are told replaces it all.
    await store.write((tx) => keepStocktakes(tx, 'u-staff', { stocktakes: [] }));
    expect(await store.read((tx) => keptStocktake(tx, 'u-manager', 'a'))).toBeNull();
  });

  it('forgets the details of stock-takes a fresh list says are closed', async () => {
    const store = openMemoryStore();
    await store.write(async (tx) => {
      await keepStocktake(tx, 'u-staff', detail('a'));
      await keepStocktake(tx, 'u-staff', detail('b'));
      await keepStocktakes(tx, 'u-staff', {
        stocktakes: [summary('a', 'applied'), summary('b', 'open')],
      });
    });
    expect(await store.read((tx) => keptStocktake(tx, 'u-staff', 'a'))).toBeNull();
    expect(await store.read((tx) => keptStocktake(tx, 'u-staff', 'b'))).toEqual(detail('b'));
  });
});
