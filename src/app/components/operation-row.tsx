import type { ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { formatAge, formatCount } from '../format';
import { rowLabel, type OperationRun } from '../operation-groups';
import { href } from '../routes';

/** One operation in a list: its summary (a link to its detail), its state under it, its age. */
export function OperationRow({ op, now }: { op: OperationView; now: number }): ReactNode {
  return (
    <li className={`op-row op-row--${op.state}`}>
      <a className="op-row__link" href={href({ name: 'operation', handle: op.handle })}>
        {op.summary}
      </a>
      <span className="op-row__label">{rowLabel(op)}</span>
      <span className="op-row__age">Saved {formatAge(op.createdAt, now)}</span>
    </li>
  );
}

export function OperationList(props: {
  operations: readonly OperationView[];
  now: number;
}): ReactNode {
  return (
    <ul className="op-list">
      {props.operations.map((op) => (
        <OperationRow key={op.handle} op={op} now={props.now} />
      ))}
    </ul>
  );
}

/** Identical changes as one row ("… × 25", the newest first) that opens to a link to each. */
function RunRow({ run, now }: { run: OperationRun; now: number }): ReactNode {
  const [first] = run.operations;
  if (!first) return null;
  if (run.operations.length === 1) return <OperationRow op={first} now={now} />;
  return (
    <li className={`op-row op-row--${first.state}`}>
      <details>
        <summary className="op-run__summary">
          {first.summary}
          <span className="op-run__times">× {formatCount(run.operations.length)}</span>
        </summary>
        <ul className="op-run__list">
          {run.operations.map((op) => (
            <li key={op.handle}>
              <a href={href({ name: 'operation', handle: op.handle })}>
                Saved {formatAge(op.createdAt, now)} · <span className="mono">{op.id}</span>
              </a>
            </li>
          ))}
        </ul>
      </details>
      <span className="op-row__label">{rowLabel(first)}</span>
      <span className="op-row__age">Newest saved {formatAge(first.createdAt, now)}</span>
    </li>
  );
}

/** A list where identical changes fold into one row each (Activity, where hundreds may wait). */
export function OperationRunList(props: { runs: readonly OperationRun[]; now: number }): ReactNode {
  return (
    <ul className="op-list">
      {props.runs.map((run) => (
        <RunRow key={run.key} run={run} now={props.now} />
      ))}
    </ul>
  );
}
