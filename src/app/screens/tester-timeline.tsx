import { useEffect, useState, type ReactNode } from 'react';
import type { TimelineEvent } from '../../protocol/schemas';
import { attemptsExplained, byMinute, mergeTimeline } from '../attempt-words';
import { useSnapshot } from '../client-context';
import { useI18n } from '../i18n/i18n-context';
import type { SimApi } from '../sim-api';
import { useOperationWords } from '../use-operation-words';

/** The picker lists the newest changes only: a long radio list helps nobody on a phone. */
const PICKER_SIZE = 12;

type ServerSide =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; events: TimelineEvent[] }
  | { status: 'unavailable'; message: string };

/**
 * One operation from both sides, in plain words: this device's attempts and the server's events,
 * interleaved by time, minute by minute, each row saying which side it is. The picker is a list
 * of radio buttons (not a select) so long summaries wrap on a narrow phone instead of being cut.
 */
export function TesterTimeline({ sim, follow }: { sim: SimApi; follow?: string }): ReactNode {
  const { operations } = useSnapshot();
  const { t, format } = useI18n();
  const wordsOf = useOperationWords();
  const words = t.tester.timeline;
  const minuteOf = (iso: string): string => format.clockTime(iso).slice(0, 5);
  const [selected, setSelected] = useState('');
  // A scenario that starts shows its own change here (the person may pick another after).
  useEffect(() => {
    if (follow) setSelected(follow);
  }, [follow]);
  const [server, setServer] = useState<ServerSide>({ status: 'idle' });
  const [refreshes, setRefreshes] = useState(0);
  const op = operations.find((o) => o.id === selected || o.handle === selected) ?? operations[0];
  const opId = op?.id;
  const attemptCount = op?.attempts.length ?? 0;

  useEffect(() => {
    if (!opId) return undefined;
    let live = true;
    setServer({ status: 'loading' });
    void sim.timeline(opId).then((r) => {
      if (!live) return;
      setServer(
        r.ok ? { status: 'ready', events: r.value } : { status: 'unavailable', message: r.message },
      );
    });
    return () => {
      live = false;
    };
  }, [sim, opId, attemptCount, refreshes]);

  if (!op) {
    return (
      <section className="card stack" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">{words.title}</h2>
        <p>{words.empty}</p>
      </section>
    );
  }

  const shown = operations.slice(0, PICKER_SIZE);
  if (!shown.includes(op)) shown.push(op);
  const rows = mergeTimeline(
    op.attempts,
    server.status === 'ready' ? server.events : [],
    t,
    format,
  );
  return (
    <section className="card stack" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">{words.title}</h2>
      <fieldset className="op-picker">
        <legend>{words.operation}</legend>
        {shown.map((o) => (
          <label key={o.id} className="op-picker__choice">
            <input
              type="radio"
              name="timeline-operation"
              value={o.id}
              checked={o.id === op.id}
              onChange={() => setSelected(o.id)}
            />
            <span>
              {wordsOf(o).summary} <span className="op-picker__state">({wordsOf(o).label})</span>
            </span>
          </label>
        ))}
        {operations.length > PICKER_SIZE && (
          <p className="op-picker__note">{words.recentOnly(format.count(PICKER_SIZE))}</p>
        )}
      </fieldset>
      <button type="button" className="button" onClick={() => setRefreshes((n) => n + 1)}>
        {words.refresh}
      </button>
      <p>
        <strong>{wordsOf(op).summary}</strong>: {wordsOf(op).label}.{' '}
        {attemptsExplained(op.attempts, t.operations.attempt, format.count)} {words.operationId}{' '}
        <span className="mono break">{op.id}</span>
      </p>
      {server.status === 'loading' && <p>{words.readingServer}</p>}
      {server.status === 'unavailable' && <p>{words.serverUnavailable(server.message)}</p>}
      <table className="timeline">
        <caption className="visually-hidden">{words.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{words.time}</th>
            <th scope="col">{words.side}</th>
            <th scope="col">{words.what}</th>
          </tr>
        </thead>
        {byMinute(rows, minuteOf).map(([minute, group]) => (
          <tbody key={minute}>
            <tr className="timeline__minute">
              <th scope="rowgroup" colSpan={3}>
                {minute}
              </th>
            </tr>
            {group.map((row, i) => (
              <tr
                key={`${row.side}-${row.attemptId}-${i}`}
                className={`timeline__row timeline__row--${row.side}`}
              >
                <td className="mono">{format.clockTime(row.at)}</td>
                <td>{row.side === 'device' ? words.device : words.server}</td>
                <td>{row.text}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}
