import { describe, expect, it } from 'vitest';
import type { StockEntry } from '../core/stock-history';
import { openMemoryStore } from '../store/memory-store';
import { noteEpoch } from './epoch';
import { setSession } from './meta';
import { signOutRemovingData } from './sign-out';
import { KEPT_ITEMS, keepHistory, keptHistory } from './kept-histories';

const entry: StockEntry = { delta: -1, placeId: 'main', recordedAt: '2026-12-06T09:00:00.000Z' };
const history = (revision: number) => ({
  entries: [entry],
  more: false,
  item: { revision, quantity: 9 },
});

describe("items' history kept on the device", () => {
  it('keeps the latest fetch per item', async () => {
    const store = openMemoryStore();
    await store.write(async (tx) => {
      await keepHistory(tx, 'lamp', history(1));
      await keepHistory(tx, 'lamp', history(2));
      await keepHistory(tx, 'vase', history(7));
    });
    const [lamp, vase, other] = await store.read(async (tx) => [
      await keptHistory(tx, 'lamp'),
      await keptHistory(tx, 'vase'),
      await keptHistory(tx, 'bowl'),
    ]);
    expect(lamp).toEqual(history(2));
    expect(vase).toEqual(history(7));
    expect(other).toBeNull();
  });

  it('keeps the items opened last, and refreshing one keeps it', async () => {
    const store = openMemoryStore();
    await store.write(async (tx) => {
      for (let i = 0; i < KEPT_ITEMS; i++) await keepHistory(tx, `item-${i}`, history(i));
      await keepHistory(tx, 'item-0', history(100));
      await keepHistory(tx, 'new', history(1));
    });
    const [first, second, newest] = await store.read(async (tx) => [
      await keptHistory(tx, 'item-0'),
      await keptHistory(tx, 'item-1'),
      await keptHistory(tx, 'new'),
    ]);
    expect(first).toEqual(history(100));
    expect(second).toBeNull();
    expect(newest).toEqual(history(1));
  });

  it('goes when the person signs out removing data', async () => {
    const store = openMemoryStore();
    await store.write(async (tx) => {
      await setSession(tx, 'demo-session', { id: 'u-demo', name: 'demo', role: 'staff' });
      await keepHistory(tx, 'lamp', history(1));
      await signOutRemovingData(tx);
    });
    expect(await store.read((tx) => keptHistory(tx, 'lamp'))).toBeNull();
  });

  it('goes when the server is another database (a restore): its journal may differ', async () => {
    const store = openMemoryStore();
    await store.write(async (tx) => {
      await noteEpoch(tx, { epoch: 'e1' }, 0);
      await keepHistory(tx, 'lamp', history(1));
      await noteEpoch(tx, { epoch: 'e1' }, 0);
    });
    expect(await store.read((tx) => keptHistory(tx, 'lamp'))).toEqual(history(1));
    await store.write((tx) => noteEpoch(tx, { epoch: 'e2' }, 0));
    expect(await store.read((tx) => keptHistory(tx, 'lamp'))).toBeNull();
  });
});
