/** The server journal of one item, re-read when its revision moves; older pages on request. */
import { useCallback, useEffect, useState } from 'react';
import type { HistoryEntry } from '../protocol/schemas';
import { useClient, useSnapshot } from './client-context';

/**
 * Offline, the history is not asked for: the request could only fail (and the browser's console
 * would report it); the screen says the history is on the server. Asked again when back online.
 */
export function isOffline(connectivity: string): boolean {
  return connectivity === 'offline' || (typeof navigator !== 'undefined' && !navigator.onLine);
}

export type HistoryState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'ready'; entries: HistoryEntry[]; next: string | null; loadingMore: boolean };

export function useItemHistory(
  itemId: string,
  revision: number,
): { state: HistoryState; loadMore: () => void } {
  const client = useClient();
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  const offline = isOffline(useSnapshot().connectivity);

  useEffect(() => {
    if (offline) {
      setState({ status: 'unavailable' });
      return undefined;
    }
    let live = true;
    void client.history(itemId).then(
      (page) => live && setState({ status: 'ready', ...page, loadingMore: false }),
      () => live && setState({ status: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [client, itemId, revision, offline]);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || !state.next || state.loadingMore) return;
    const { entries, next } = state;
    setState({ ...state, loadingMore: true });
    void client.history(itemId, next).then(
      (page) =>
        setState({
          status: 'ready',
          entries: [...entries, ...page.entries],
          next: page.next,
          loadingMore: false,
        }),
      () => setState({ ...state, loadingMore: false }),
    );
  }, [client, itemId, state]);

  return { state, loadMore };
}
