import { useMemo, type ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { useSnapshot } from '../client-context';
import { ReviewActions } from '../components/review-actions';
import { Screen } from '../components/screen';
import { formatAge } from '../format';
import { needsReview, whatToCheck } from '../operation-groups';
import { href } from '../routes';
import { useNow } from '../use-now';

function ReviewCard({ op, now }: { op: OperationView; now: number }): ReactNode {
  const headingId = `review-${op.id}`;
  return (
    <article className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <a href={href({ name: 'operation', handle: op.handle })}>{op.summary}</a>
      </h2>
      <p className={`state-label state-label--${op.state}`}>{op.label}</p>
      <p>
        {op.imported ? 'Restored from a backup; saved ' : 'Saved '}
        {formatAge(op.createdAt, now)} by {op.userName}.
        {op.imported && ' The server may no longer remember it.'}
      </p>
      <p className="explain">{whatToCheck(op)}</p>
      <a className="button" href={href({ name: 'item', id: op.op.itemId })}>
        Check the item&apos;s history
      </a>
      <ReviewActions op={op} />
    </article>
  );
}

export function ReviewScreen(): ReactNode {
  const { operations } = useSnapshot();
  const now = useNow();
  const toReview = useMemo(
    () => operations.filter(needsReview).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    [operations],
  );
  return (
    <Screen title="Review">
      {toReview.length === 0 ? (
        <p>Nothing needs review.</p>
      ) : (
        <p>
          These changes were not applied, or the server may no longer know whether they were. Each
          needs your decision.
        </p>
      )}
      {toReview.map((op) => (
        <ReviewCard key={op.handle} op={op} now={now} />
      ))}
    </Screen>
  );
}
