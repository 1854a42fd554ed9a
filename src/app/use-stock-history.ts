/**
 * The history Stock over time is drawn from: what this device kept of the item at once, then,
 * when the server can be reached and the item's revision has moved since, the server's
 * (client.stockHistory: fetched back to the window's start and kept on the device).
 */
import { useEffect, useState } from 'react';
import type { KeptHistory } from '../client/core/stock-series';
import { useClient, useSnapshot } from './client-context';
import { isOffline } from './use-item-history';

export type StockHistoryState =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; history: KeptHistory };

export function useStockHistory(itemId: string, revision: number): StockHistoryState {
  const client = useClient();
  const offline = isOffline(useSnapshot().connectivity);
  const [shown, setShown] = useState<{ itemId: string; history: KeptHistory | null } | null>(null);

  useEffect(() => {
    let live = true;
    const show = (history: KeptHistory | null) => live && setShown({ itemId, history });
    void (async () => {
      const kept = await client.keptStockHistory(itemId);
      if (kept || offline) show(kept);
      if (offline || kept?.revision === revision) return;
      show(await client.stockHistory(itemId, revision));
    })().catch(() => show(null));
    return () => {
      live = false;
    };
  }, [client, itemId, revision, offline]);

  if (shown?.itemId !== itemId) return { status: 'loading' };
  return shown.history ? { status: 'ready', history: shown.history } : { status: 'unavailable' };
}
