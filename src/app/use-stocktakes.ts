/**
 * Stock-takes as the server last told this person, re-asked when the device's operations change
 * (a count confirmed, an apply) or it comes back online. The answers are kept on the device
 * (client/transactions/kept-stocktakes.ts), so people go on counting with the network gone, after
 * a reload too: counts are outbox operations like any change (docs/client.md "Places, stock-takes,
 * deliveries and the manager's desk").
 */
import { useMemo } from 'react';
import type { StocktakeDetail, StocktakesResponse } from '../protocol/schemas';
import { useClient, useSnapshot } from './client-context';
import { isOffline } from './use-item-history';
import { useKeptThenAsked, type Loaded } from './use-kept-then-asked';

export type { Loaded } from './use-kept-then-asked';

/** Re-ask when this changes: confirmed operations and the connection. */
function useFreshness(): { key: string; offline: boolean } {
  const { operations, connectivity } = useSnapshot();
  const confirmed = operations.filter((o) => o.state === 'confirmed').length;
  return { key: `${confirmed}:${connectivity}`, offline: isOffline(connectivity) };
}

export function useStocktakes(): Loaded<StocktakesResponse> {
  const client = useClient();
  const source = useMemo(
    () => ({ kept: () => client.keptStocktakes(), ask: () => client.stocktakes() }),
    [client],
  );
  return useKeptThenAsked(source, { of: 'all', ...useFreshness() });
}

export function useStocktake(id: string): Loaded<StocktakeDetail> {
  const client = useClient();
  const source = useMemo(
    () => ({ kept: () => client.keptStocktake(id), ask: () => client.stocktake(id) }),
    [client, id],
  );
  return useKeptThenAsked(source, { of: id, ...useFreshness() });
}
