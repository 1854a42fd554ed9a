import { useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { OperationRunList } from '../components/operation-row';
import { Screen } from '../components/screen';
import { useI18n } from '../i18n/i18n-context';
import {
  groupByState,
  needsReview,
  rowLabel,
  runsOf,
  type OperationGroup,
} from '../operation-groups';
import { href } from '../routes';
import { useNow } from '../use-now';
import { useOperationWords } from '../use-operation-words';

/** Long groups (thousands confirmed after a drain) show their newest rows until asked for all. */
const GROUP_PREVIEW = 50;

function StateGroup({ group, now }: { group: OperationGroup; now: number }): ReactNode {
  const [all, setAll] = useState(false);
  const { t, format } = useI18n();
  const wordsOf = useOperationWords();
  const headingId = `group-${group.key}`;
  const runs = useMemo(
    () =>
      runsOf(group.operations, (op) => {
        const words = wordsOf(op);
        return [words.summary, rowLabel(op, t, words.label)];
      }),
    [group.operations, wordsOf, t],
  );
  const shown = all ? runs : runs.slice(0, GROUP_PREVIEW);
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {group.heading} <span className="count">({format.count(group.operations.length)})</span>
      </h2>
      <OperationRunList runs={shown} now={now} />
      {shown.length < runs.length && (
        <button type="button" className="button" onClick={() => setAll(true)}>
          {t.activity.showAll(format.count(group.operations.length))}
        </button>
      )}
    </section>
  );
}

export function DrainProgress({ drain }: { drain: { sent: number; total: number } }): ReactNode {
  const { format } = useI18n();
  const text = format.drain(drain);
  return (
    <div className="drain" role="status">
      <span>{text}</span>
      <progress max={drain.total} value={drain.sent} aria-label={text} />
    </div>
  );
}

export function ActivityScreen(): ReactNode {
  const { operations, drain } = useSnapshot();
  const { t, format } = useI18n();
  const now = useNow();
  const groups = useMemo(() => groupByState(operations, t), [operations, t]);
  const reviewCount = useMemo(() => operations.filter(needsReview).length, [operations]);
  return (
    <Screen title={t.activity.title}>
      {drain && <DrainProgress drain={drain} />}
      {reviewCount > 0 && (
        <a className="button button--attention" href={href({ name: 'review' })}>
          {t.activity.review(reviewCount, format.count(reviewCount))}
        </a>
      )}
      {groups.length === 0 && <p>{t.activity.empty}</p>}
      {groups.map((g) => (
        <StateGroup key={g.key} group={g} now={now} />
      ))}
    </Screen>
  );
}
