/**
 * The stock-takes as the server last answered the signed-in person, kept on this device
 * (docs/client.md#stock-takes) so counting goes on offline, after a reload too: the list, and the
 * detail of each stock-take they opened while it was open. Kept per person: what a manager was
 * shown of a blind stock-take (its expected quantities) is never shown to the next person who signs
 * in on the phone.
 */
import type { StocktakeDetail, StocktakesResponse } from '../../protocol/schemas';
import type { Tx } from '../store/local-store';
import type { MetaOf } from '../store/schema';
import { getMeta } from './meta';

type Kept = MetaOf<'stocktakes'>;

async function keptFor(tx: Tx, userId: string): Promise<Kept> {
  const kept = await getMeta(tx, 'stocktakes');
  return kept?.userId === userId ? kept : { key: 'stocktakes', userId, list: null, details: {} };
}

/** A fresh list; details are kept only of stock-takes it says are still open. */
export async function keepStocktakes(
  tx: Tx,
  userId: string,
  list: StocktakesResponse,
): Promise<void> {
  const kept = await keptFor(tx, userId);
  const open = new Set(list.stocktakes.filter((s) => s.status === 'open').map((s) => s.id));
  const details = Object.fromEntries(Object.entries(kept.details).filter(([id]) => open.has(id)));
  await tx.put('meta', { ...kept, list, details });
}

export async function keepStocktake(
  tx: Tx,
  userId: string,
  detail: StocktakeDetail,
): Promise<void> {
  const kept = await keptFor(tx, userId);
  await tx.put('meta', { ...kept, details: { ...kept.details, [detail.id]: detail } });
}

export async function keptStocktakes(tx: Tx, userId: string): Promise<StocktakesResponse | null> {
  return (await keptFor(tx, userId)).list;
}

export async function keptStocktake(
  tx: Tx,
  userId: string,
  id: string,
): Promise<StocktakeDetail | null> {
  return (await keptFor(tx, userId)).details[id] ?? null;
}
