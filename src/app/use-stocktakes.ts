/**
 * Stock-takes as the server last told this tab, re-asked when the device's operations change
 * (a count confirmed, an apply) or it comes back online. The last answer is kept for the tab's
 * life, so people go on counting with the network gone: counts are outbox operations like any
 * change (docs/client.md "Places, stock-takes, deliveries and the manager's desk").
 */
import { useEffect, useState } from 'react';
import type { StocktakeDetail, StocktakesResponse } from '../protocol/schemas';
import { useClient, useSnapshot } from './client-context';

const lists = new Map<string, StocktakesResponse>();
const details = new Map<string, StocktakeDetail>();

/** Re-ask when this changes: confirmed operations and the connection. */
function useFreshness(): { key: string; offline: boolean } {
  const { operations, connectivity } = useSnapshot();
  const confirmed = operations.filter((o) => o.state === 'confirmed').length;
  // Offline nothing is asked (the request could only fail): the last answer stands.
  const offline =
    connectivity === 'offline' || (typeof navigator !== 'undefined' && !navigator.onLine);
  return { key: `${confirmed}:${connectivity}`, offline };
}

export type Loaded<T> =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; value: T };

export function useStocktakes(): Loaded<StocktakesResponse> {
  const client = useClient();
  const { key, offline } = useFreshness();
  const [state, setState] = useState<Loaded<StocktakesResponse>>(() => {
    const known = lists.get('all');
    return known ? { status: 'ready', value: known } : { status: 'loading' };
  });
  useEffect(() => {
    if (offline) {
      const known = lists.get('all');
      setState(known ? { status: 'ready', value: known } : { status: 'unavailable' });
      return undefined;
    }
    let live = true;
    void client.stocktakes().then((answer) => {
      if (!live) return;
      if (answer) lists.set('all', answer);
      const known = answer ?? lists.get('all');
      setState(known ? { status: 'ready', value: known } : { status: 'unavailable' });
    });
    return () => {
      live = false;
    };
  }, [client, key, offline]);
  return state;
}

export function useStocktake(id: string): Loaded<StocktakeDetail> {
  const client = useClient();
  const { key, offline } = useFreshness();
  const [state, setState] = useState<Loaded<StocktakeDetail>>(() => {
    const known = details.get(id);
    return known ? { status: 'ready', value: known } : { status: 'loading' };
  });
  useEffect(() => {
    if (offline) {
      const known = details.get(id);
      setState(known ? { status: 'ready', value: known } : { status: 'unavailable' });
      return undefined;
    }
    let live = true;
    void client.stocktake(id).then((answer) => {
      if (!live) return;
      if (answer) details.set(id, answer);
      const known = answer ?? details.get(id);
      setState(known ? { status: 'ready', value: known } : { status: 'unavailable' });
    });
    return () => {
      live = false;
    };
  }, [client, id, key, offline]);
  return state;
}
