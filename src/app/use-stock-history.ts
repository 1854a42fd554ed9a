/**
 * The history Stock over time is drawn from: the pages this app has fetched for the item, kept
 * while it is open (so the chart still draws offline from them), fetched again back to the
 * window's start whenever the item's revision moves and the server can be reached.
 */
import { useEffect, useState } from 'react';
import { WINDOW_DAYS, type StockHistory } from '../client/core/stock-series';
import type { StockroomClient } from '../client/facade';
import { useClient, useSnapshot } from './client-context';
import { isOffline } from './use-item-history';

/** 20 pages of 50: a thousand changes in the window. Beyond, the chart starts where they end. */
const MAX_PAGES = 20;
const WINDOW_MS = WINDOW_DAYS * 86_400_000;

interface Kept extends StockHistory {
  revision: number;
}

const kept = new WeakMap<StockroomClient, Map<string, Kept>>();

function keptFor(client: StockroomClient): Map<string, Kept> {
  const found = kept.get(client) ?? new Map<string, Kept>();
  kept.set(client, found);
  return found;
}

/** Pages, newest first, until one reaches 90 days before the newest change (or none is left). */
async function fetchWindow(client: StockroomClient, itemId: string): Promise<StockHistory> {
  const entries: StockHistory['entries'][number][] = [];
  let next: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.history(itemId, next ?? undefined);
    entries.push(...answer.entries);
    next = answer.next;
    const newest = entries[0];
    const oldest = entries.at(-1);
    if (next === null || !newest || !oldest) break;
    if (Date.parse(newest.recordedAt) - Date.parse(oldest.recordedAt) > WINDOW_MS) break;
  }
  return { entries, more: next !== null };
}

export type StockHistoryState =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; history: StockHistory };

export function useStockHistory(itemId: string, revision: number): StockHistoryState {
  const client = useClient();
  const offline = isOffline(useSnapshot().connectivity);
  const [fetched, setFetched] = useState<{ revision: number; failed: boolean } | null>(null);
  const known = keptFor(client).get(itemId);

  useEffect(() => {
    if (offline || known?.revision === revision) return undefined;
    let live = true;
    fetchWindow(client, itemId).then(
      (history) => {
        keptFor(client).set(itemId, { ...history, revision });
        if (live) setFetched({ revision, failed: false });
      },
      () => live && setFetched({ revision, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [client, itemId, revision, offline, known?.revision]);

  if (known) return { status: 'ready', history: known };
  const failed = fetched?.revision === revision && fetched.failed;
  return offline || failed ? { status: 'unavailable' } : { status: 'loading' };
}
