import type { ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { useI18n } from '../i18n/i18n-context';
import { rowLabel, type OperationRun } from '../operation-groups';
import { href } from '../routes';
import { useOperationWords } from '../use-operation-words';

/** One operation in a list: its summary (a link to its detail), its state under it, its age. */
export function OperationRow({ op, now }: { op: OperationView; now: number }): ReactNode {
  const { t, format } = useI18n();
  const words = useOperationWords()(op);
  return (
    <li className={`op-row op-row--${op.state}`}>
      <a className="op-row__link" href={href({ name: 'operation', handle: op.handle })}>
        {words.summary}
      </a>
      <span className="op-row__label">{rowLabel(op, t, words.label)}</span>
      <span className="op-row__age">{t.rows.saved(format.age(op.createdAt, now))}</span>
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
  const { t, format } = useI18n();
  const wordsOf = useOperationWords();
  const [first] = run.operations;
  if (!first) return null;
  if (run.operations.length === 1) return <OperationRow op={first} now={now} />;
  return (
    <li className={`op-row op-row--${first.state}`}>
      <details>
        <summary className="op-run__summary">
          {wordsOf(first).summary}
          <span className="op-run__times">{t.rows.times(format.count(run.operations.length))}</span>
        </summary>
        <ul className="op-run__list">
          {run.operations.map((op) => (
            <li key={op.handle}>
              <a href={href({ name: 'operation', handle: op.handle })}>
                {t.rows.saved(format.age(op.createdAt, now))} ·{' '}
                <span className="mono">{op.id}</span>
              </a>
            </li>
          ))}
        </ul>
      </details>
      <span className="op-row__label">{rowLabel(first, t, wordsOf(first).label)}</span>
      <span className="op-row__age">{t.rows.newestSaved(format.age(first.createdAt, now))}</span>
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
