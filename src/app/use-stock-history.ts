/**
 * The history Stock over time is drawn from: what this device kept of the item at once, then,
 * when the server can be reached and the item's revision has moved since, the server's
 * (client.stockHistory: fetched back to the window's start and kept on the device with the item's
 * quantities then).
 */
import { useEffect, useState } from 'react';
import type { ItemView } from '../client/facade';
import type { KeptHistory } from '../client/core/stock-history';
import { useClient, useSnapshot } from './client-context';
import { isOffline } from './use-item-history';

export type StockHistoryState =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; history: KeptHistory };

export function useStockHistory(item: ItemView): StockHistoryState {
  const client = useClient();
  const offline = isOffline(useSnapshot().connectivity);
  const [shown, setShown] = useState<{ itemId: string; history: KeptHistory | null } | null>(null);
  const { id, revision, quantity, stock } = item;

  useEffect(() => {
    let live = true;
    const show = (history: KeptHistory | null) => live && setShown({ itemId: id, history });
    void (async () => {
      const kept = await client.keptStockHistory(id);
      if (kept || offline) show(kept);
      if (offline || kept?.item.revision === revision) return;
      show(await client.stockHistory(id, { revision, quantity, stock }));
    })().catch(() => show(null));
    return () => {
      live = false;
    };
  }, [client, id, revision, quantity, stock, offline]);

  if (shown?.itemId !== id) return { status: 'loading' };
  return shown.history ? { status: 'ready', history: shown.history } : { status: 'unavailable' };
}
