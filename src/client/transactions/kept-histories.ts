/**
 * Items' history as last fetched for Stock over time (docs/client.md#stock-over-time), kept on
 * this device so the chart draws offline, after a reload too: per item, the entries of its last
 * 90 days and the item revision they were fetched at. The items opened last are kept, at most
 * KEPT_ITEMS; the journal is the shop's (any signed-in person reads it), so it is not per person,
 * and it goes with the items (sign-out removing data, another server database).
 */
import type { KeptHistory } from '../core/stock-history';
import type { Tx } from '../store/local-store';
import { getMeta } from './meta';

export const KEPT_ITEMS = 50;

export async function keepHistory(tx: Tx, itemId: string, history: KeptHistory): Promise<void> {
  const { [itemId]: _replaced, ...others } = (await getMeta(tx, 'histories'))?.items ?? {};
  const kept = Object.entries(others).slice(-(KEPT_ITEMS - 1));
  await tx.put('meta', {
    key: 'histories',
    items: { ...Object.fromEntries(kept), [itemId]: history },
  });
}

export async function keptHistory(tx: Tx, itemId: string): Promise<KeptHistory | null> {
  return (await getMeta(tx, 'histories'))?.items[itemId] ?? null;
}
