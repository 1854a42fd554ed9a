/**
 * The history Stock over time is drawn from: what this device kept of the item at once, then,
 * when the server can be reached and the item's revision has moved since, the server's
 * (client.stockHistory: fetched back to the window's start and kept on the device with the item's
 * quantities then).
 */
import { useMemo } from 'react';
import type { ItemView } from '../client/facade';
import type { KeptHistory } from '../client/core/stock-history';
import { useClient, useSnapshot } from './client-context';
import { isOffline } from './use-item-history';
import { useKeptThenAsked, type Loaded } from './use-kept-then-asked';

export function useStockHistory(item: ItemView): Loaded<KeptHistory> {
  const client = useClient();
  const offline = isOffline(useSnapshot().connectivity);
  const { id, revision, quantity, stock } = item;
  const source = useMemo(
    () => ({
      kept: () => client.keptStockHistory(id),
      ask: () => client.stockHistory(id, { revision, quantity, stock }),
      current: (kept: KeptHistory) => kept.item.revision === revision,
    }),
    [client, id, revision, quantity, stock],
  );
  return useKeptThenAsked(source, { of: id, key: '', offline });
}
