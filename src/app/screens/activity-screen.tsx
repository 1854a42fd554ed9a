import { useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { OperationRunList } from '../components/operation-row';
import { Screen } from '../components/screen';
import { formatCount, formatDrain } from '../format';
import { groupByState, needsReview, runsOf, type OperationGroup } from '../operation-groups';
import { href } from '../routes';
import { useNow } from '../use-now';

/** Long groups (thousands confirmed after a drain) show their newest rows until asked for all. */
const GROUP_PREVIEW = 50;

function StateGroup({ group, now }: { group: OperationGroup; now: number }): ReactNode {
  const [all, setAll] = useState(false);
  const headingId = `group-${group.key}`;
  const runs = useMemo(() => runsOf(group.operations), [group.operations]);
  const shown = all ? runs : runs.slice(0, GROUP_PREVIEW);
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {group.heading} <span className="count">({formatCount(group.operations.length)})</span>
      </h2>
      <OperationRunList runs={shown} now={now} />
      {shown.length < runs.length && (
        <button type="button" className="button" onClick={() => setAll(true)}>
          Show all {formatCount(group.operations.length)}
        </button>
      )}
    </section>
  );
}

export function DrainProgress({ drain }: { drain: { sent: number; total: number } }): ReactNode {
  const text = formatDrain(drain);
  return (
    <div className="drain" role="status">
      <span>{text}</span>
      <progress max={drain.total} value={drain.sent} aria-label={text} />
    </div>
  );
}

export function ActivityScreen(): ReactNode {
  const { operations, drain } = useSnapshot();
  const now = useNow();
  const groups = useMemo(() => groupByState(operations), [operations]);
  const reviewCount = useMemo(() => operations.filter(needsReview).length, [operations]);
  return (
    <Screen title="Activity">
      {drain && <DrainProgress drain={drain} />}
      {reviewCount > 0 && (
        <a className="button button--attention" href={href({ name: 'review' })}>
          Review {formatCount(reviewCount)} {reviewCount === 1 ? 'change' : 'changes'}
        </a>
      )}
      {groups.length === 0 && (
        <p>
          Nothing here yet. Changes made on this device appear here until the server confirms them.
        </p>
      )}
      {groups.map((g) => (
        <StateGroup key={g.key} group={g} now={now} />
      ))}
    </Screen>
  );
}
