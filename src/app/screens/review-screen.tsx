import { useMemo, type ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { useSnapshot } from '../client-context';
import { ReviewActions } from '../components/review-actions';
import { Screen } from '../components/screen';
import { useI18n } from '../i18n/i18n-context';
import { needsReview, whatToCheck } from '../operation-groups';
import { href, type Route } from '../routes';
import type { Op } from '../../protocol/schemas';
import { useNow } from '../use-now';
import { useOperationWords } from '../use-operation-words';
import { isPlaceOp, isStocktakeOp } from '../../protocol/op-item';

function ReviewCard({ op, now }: { op: OperationView; now: number }): ReactNode {
  const headingId = `review-${op.id}`;
  const { t, format } = useI18n();
  const words = useOperationWords()(op);
  const age = format.age(op.createdAt, now);
  return (
    <article className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <a href={href({ name: 'operation', handle: op.handle })}>{words.summary}</a>
      </h2>
      <p className={`state-label state-label--${op.state}`}>{words.label}</p>
      <p>{op.imported ? t.review.restored(age, op.userName) : t.review.saved(age, op.userName)}</p>
      <p className="explain">{whatToCheck(op, t, words.explanation)}</p>
      <a className="button" href={href(checkRoute(op.op))}>
        {t.review.checkHistory}
      </a>
      <ReviewActions op={op} />
    </article>
  );
}

export function ReviewScreen(): ReactNode {
  const { operations } = useSnapshot();
  const now = useNow();
  const { t } = useI18n();
  const toReview = useMemo(
    () => operations.filter(needsReview).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    [operations],
  );
  return (
    <Screen title={t.review.title}>
      {toReview.length === 0 ? <p>{t.review.nothing}</p> : <p>{t.review.intro}</p>}
      {toReview.map((op) => (
        <ReviewCard key={op.handle} op={op} now={now} />
      ))}
    </Screen>
  );
}

/** Where the person checks: the item's history, the stock-take for its own steps, Settings for a place's. */
function checkRoute(op: Op): Route {
  if (isStocktakeOp(op)) return { name: 'stocktake', id: op.stocktakeId };
  if (isPlaceOp(op)) return { name: 'settings' };
  return { name: 'item', id: op.itemId };
}
