import { useEffect, useState, type ReactNode } from 'react';
import type { TimelineEvent } from '../../protocol/schemas';
import { byMinute, mergeTimeline } from '../attempt-words';
import { useSnapshot } from '../client-context';
import { formatClockTime } from '../format';
import type { SimApi } from '../sim-api';

const minuteOf = (iso: string): string => formatClockTime(iso).slice(0, 5);

type ServerSide =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; events: TimelineEvent[] }
  | { status: 'unavailable'; message: string };

/** One operation from both sides: this device's attempts beside the server's events, by minute. */
export function TesterTimeline({ sim }: { sim: SimApi }): ReactNode {
  const { operations } = useSnapshot();
  const [selected, setSelected] = useState('');
  const [server, setServer] = useState<ServerSide>({ status: 'idle' });
  const [refreshes, setRefreshes] = useState(0);
  const op = operations.find((o) => o.id === selected) ?? operations[0];
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
        <h2 id="timeline-heading">Timeline</h2>
        <p>No changes on this device yet: make one from an item to follow it here.</p>
      </section>
    );
  }

  const rows = mergeTimeline(op.attempts, server.status === 'ready' ? server.events : []);
  return (
    <section className="card stack" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <div className="field-row">
        <label className="field field--grow">
          <span>Operation</span>
          <select value={op.id} onChange={(e) => setSelected(e.target.value)}>
            {operations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.summary} ({o.label})
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={() => setRefreshes((n) => n + 1)}>
          Refresh timeline
        </button>
      </div>
      <p>
        {op.summary}: {op.label}. Operation {op.id}.
      </p>
      {server.status === 'loading' && <p>Reading the server&apos;s side…</p>}
      {server.status === 'unavailable' && <p>Server side not available: {server.message}</p>}
      <table className="timeline">
        <caption className="visually-hidden">
          Both sides of operation {op.id}, in time order
        </caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Side</th>
            <th scope="col">Event</th>
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
                <td className="mono">{formatClockTime(row.at)}</td>
                <td>{row.side === 'device' ? 'This device' : 'Server'}</td>
                <td>
                  {row.text}
                  <span className="timeline__attempt mono">attempt {row.attemptId}</span>
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}
