import { useState, type ReactNode } from 'react';
import type { HistoryEntry } from '../../protocol/schemas';
import type { Messages } from '../i18n/en';
import { useI18n } from '../i18n/i18n-context';
import { useNow } from '../use-now';
import { useItemHistory } from '../use-item-history';
import { TechnicalDetails, useTechnicalOpen } from '../components/technical-details';

/** A journal entry's reason in words: one of ours, or as the server sent it. */
function reasonWords(reason: HistoryEntry['reason'], t: Messages): string | null {
  if (reason === null) return null;
  return Object.hasOwn(t.reasons, reason) ? t.reasons[reason as keyof Messages['reasons']] : reason;
}

/**
 * The server's journal of applied changes: where a person checks whether a change exists. The
 * item's revision and each change's operation id sit under Technical details.
 */
export function ItemHistory(props: {
  itemId: string;
  revision: number;
  deviceOperationIds: ReadonlySet<string>;
}): ReactNode {
  const { itemId, revision, deviceOperationIds } = props;
  const { state, loadMore } = useItemHistory(itemId, revision);
  const now = useNow();
  const { t, format } = useI18n();
  const words = t.history;
  const idsByDefault = useTechnicalOpen();
  const [showIds, setShowIds] = useState(idsByDefault);
  return (
    <section className="card stack" aria-labelledby="history-heading">
      <h2 id="history-heading">{words.heading}</h2>
      {state.status === 'loading' && <p>{words.loading}</p>}
      {state.status === 'unavailable' && <p>{words.unavailable}</p>}
      {state.status === 'ready' && state.entries.length === 0 && <p>{words.empty}</p>}
      {state.status === 'ready' && state.entries.length > 0 && (
        <ol className="history-list">
          {state.entries.map((e) => {
            const reason = reasonWords(e.reason, t);
            return (
              <li key={`${e.operationId}@${e.placeId ?? ''}`} className="history-entry">
                <span className="history-entry__what">
                  {t.entryTypes[e.type]} {format.delta(e.delta)} →{' '}
                  {format.count(e.resultingQuantity)}
                  {reason && ` · ${reason}`}
                  {deviceOperationIds.has(e.operationId) && ` · ${words.thisDevice}`}
                </span>
                <span className="history-entry__who">
                  <bdi>{e.userName}</bdi> · {format.moment(e.recordedAt, now)}
                  {e.note && (
                    <>
                      {' · '}
                      <bdi>{words.note(e.note)}</bdi>
                    </>
                  )}
                </span>
                {showIds && (
                  <span className="history-entry__id">{words.operation(e.operationId)}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {state.status === 'ready' && state.next && (
        <button type="button" className="button" onClick={loadMore} disabled={state.loadingMore}>
          {words.older}
        </button>
      )}
      <TechnicalDetails headingId="history-technical-heading" level={3} onToggle={setShowIds}>
        <p>{t.item.revision(format.count(revision))}</p>
        <p className="hint">{words.idsShown}</p>
      </TechnicalDetails>
    </section>
  );
}
