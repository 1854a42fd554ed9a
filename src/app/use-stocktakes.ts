/**
 * Stock-takes as the server last told this person, re-asked when the device's operations change
 * (a count confirmed, an apply) or it comes back online. The answers are kept on the device
 * (client/transactions/kept-stocktakes.ts), so people go on counting with the network gone, after
 * a reload too: counts are outbox operations like any change (docs/client.md "Places, stock-takes,
 * deliveries and the manager's desk").
 */
import { useEffect, useMemo, useState } from 'react';
import type { StocktakeDetail, StocktakesResponse } from '../protocol/schemas';
import { useClient, useSnapshot } from './client-context';

/** Re-ask when this changes: confirmed operations and the connection. */
function useFreshness(): { key: string; offline: boolean } {
  const { operations, connectivity } = useSnapshot();
  const confirmed = operations.filter((o) => o.state === 'confirmed').length;
  // Offline nothing is asked (the request could only fail): what was kept stands.
  const offline =
    connectivity === 'offline' || (typeof navigator !== 'undefined' && !navigator.onLine);
  return { key: `${confirmed}:${connectivity}`, offline };
}

export type Loaded<T> =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; value: T };

interface Source<T> {
  /** What the device kept, without asking. */
  kept(): Promise<T | null>;
  /** The server's answer (kept by the client), or what was kept when it does not answer. */
  ask(): Promise<T | null>;
}

/** What was kept at once, then the server's answer when online. `source` must be memoised. */
function useKeptThenAsked<T>(source: Source<T>): Loaded<T> {
  const { key, offline } = useFreshness();
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const show = (value: T | null) => {
      if (live) setState(value ? { status: 'ready', value } : { status: 'unavailable' });
    };
    void (async () => {
      const kept = await source.kept();
      if (offline || kept) show(kept);
      if (!offline) show(await source.ask());
    })();
    return () => {
      live = false;
    };
  }, [source, key, offline]);
  return state;
}

export function useStocktakes(): Loaded<StocktakesResponse> {
  const client = useClient();
  const source = useMemo(
    () => ({ kept: () => client.keptStocktakes(), ask: () => client.stocktakes() }),
    [client],
  );
  return useKeptThenAsked(source);
}

export function useStocktake(id: string): Loaded<StocktakeDetail> {
  const client = useClient();
  const source = useMemo(
    () => ({ kept: () => client.keptStocktake(id), ask: () => client.stocktake(id) }),
    [client, id],
  );
  return useKeptThenAsked(source);
}
