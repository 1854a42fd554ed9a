import type { ReactNode } from 'react';
import { formatCount, formatDelta, formatMoment } from '../format';
import { entryTypeLabel, reasonLabel } from '../labels';
import { useNow } from '../use-now';
import { useItemHistory } from '../use-item-history';

/** The server's journal of applied changes: where a person checks whether a change exists. */
export function ItemHistory(props: {
  itemId: string;
  revision: number;
  deviceOperationIds: ReadonlySet<string>;
}): ReactNode {
  const { itemId, revision, deviceOperationIds } = props;
  const { state, loadMore } = useItemHistory(itemId, revision);
  const now = useNow();
  return (
    <section className="card stack" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {state.status === 'loading' && <p>Loading the server&apos;s history…</p>}
      {state.status === 'unavailable' && (
        <p>The history comes from the server, which cannot be reached right now.</p>
      )}
      {state.status === 'ready' && state.entries.length === 0 && <p>No changes recorded yet.</p>}
      {state.status === 'ready' && state.entries.length > 0 && (
        <ol className="history-list">
          {state.entries.map((e) => (
            <li key={e.operationId} className="history-entry">
              <span className="history-entry__what">
                {entryTypeLabel(e.type)} {formatDelta(e.delta)} → {formatCount(e.resultingQuantity)}
                {reasonLabel(e.reason) && ` · ${reasonLabel(e.reason)}`}
                {deviceOperationIds.has(e.operationId) && ' · this device'}
              </span>
              <span className="history-entry__who">
                {e.userName} · {formatMoment(e.recordedAt, now)}
                {e.note && ` · “${e.note}”`}
              </span>
              <span className="history-entry__id">Operation {e.operationId}</span>
            </li>
          ))}
        </ol>
      )}
      {state.status === 'ready' && state.next && (
        <button type="button" className="button" onClick={loadMore} disabled={state.loadingMore}>
          Show older changes
        </button>
      )}
    </section>
  );
}
