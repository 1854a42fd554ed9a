import { useState, type ReactNode } from 'react';
import { STATE_WORDS } from '../../client/core/labels';
import { stillNoAnswer } from '../../client/core/check-words';
import type { OperationView } from '../../client/facade';
import { useClient, useSnapshot } from '../client-context';
import { FixActions } from '../components/fix-actions';
import { ReviewActions } from '../components/review-actions';
import { NotOnDevice } from '../components/not-on-device';
import { Screen } from '../components/screen';
import { formatAge, formatCount, formatMoment } from '../format';
import { needsReview } from '../operation-groups';
import { href } from '../routes';
import { useNow } from '../use-now';
import { expectedQuantity } from '../low-stock';
import { AttemptTimeline } from './attempt-timeline';
import { CountComparison } from './count-form';
import { assertNever } from '../../protocol/assert-never';

/** Still the device's to settle: a tap's feedback stays meaningful (a final state speaks alone). */
const UNSETTLED: ReadonlySet<OperationView['state']> = new Set([
  'queued',
  'sending',
  'unknown',
  'checking',
  'waiting',
]);

/**
 * Same id, a new round: safe to press any number of times (it can never apply twice). A tap always
 * shows what it did: "Checking outcome…", then, with no answer, when the app checks again. The
 * button hides while an attempt is in flight, so whether it was tapped lives in the parent.
 */
function CheckAndResend(props: {
  op: OperationView;
  tapped: boolean;
  onTap: () => void;
}): ReactNode {
  const { op, tapped, onTap } = props;
  const client = useClient();
  const { nextCheckAt } = useSnapshot();
  const [busy, setBusy] = useState(false);
  async function check(): Promise<void> {
    setBusy(true);
    onTap();
    try {
      await client.checkAndResend(op.id);
    } finally {
      setBusy(false);
    }
  }
  const inFlight = busy || op.state === 'sending' || op.state === 'checking';
  const next = op.nextRetryAt ?? nextCheckAt;
  return (
    <>
      {op.canCheckAndResend && (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void check()}
        >
          Check and resend safely
        </button>
      )}
      {tapped && UNSETTLED.has(op.state) && (
        <p className="explain check-feedback" role="status">
          {inFlight ? STATE_WORDS.checking : stillNoAnswer(next === null ? null : Date.parse(next))}
        </p>
      )}
    </>
  );
}

function Resolution({ op, now }: { op: OperationView; now: number }): ReactNode {
  const resolution = op.resolution;
  if (!resolution) return null;
  switch (resolution.kind) {
    case 'discarded':
      return (
        <p className="explain">
          You discarded it {formatMoment(resolution.at, now)}: “{resolution.note}”.
        </p>
      );
    case 'entered-again':
      return (
        <p className="explain">
          You entered it again as a new change {formatMoment(resolution.at, now)}:{' '}
          <a href={href({ name: 'operation', handle: resolution.newOperationId })}>
            open the new change
          </a>
          .
        </p>
      );
    default:
      return assertNever(resolution);
  }
}

function Facts(props: { op: OperationView; itemName: string; now: number }): ReactNode {
  const { op, itemName, now } = props;
  const { receipt } = op;
  return (
    <dl className="facts">
      <dt>Item</dt>
      <dd>
        <a href={href({ name: 'item', id: op.op.itemId })}>{itemName}</a>
      </dd>
      <dt>Operation id</dt>
      <dd className="mono">{op.id}</dd>
      <dt>Saved</dt>
      <dd>
        {formatMoment(op.createdAt, now)} ({formatAge(op.createdAt, now)}) by {op.userName}
        {op.imported && ', restored from a backup'}
      </dd>
      {op.deadline && (
        <>
          <dt>Must reach the server by</dt>
          <dd>{formatMoment(op.deadline, now)}</dd>
        </>
      )}
      {op.nextRetryAt && (
        <>
          <dt>Next automatic check</dt>
          <dd>{formatMoment(op.nextRetryAt, now)}</dd>
        </>
      )}
      {receipt && (
        <>
          <dt>Server receipt</dt>
          <dd>
            {receipt.outcome}
            {receipt.reason && ` (${receipt.reason})`}, recorded{' '}
            {formatMoment(receipt.recordedAt, now)}
            {receipt.resultingQuantity !== null &&
              `; quantity after it ${formatCount(receipt.resultingQuantity)}`}
            {receipt.itemRevision !== null && `, revision ${formatCount(receipt.itemRevision)}`}
          </dd>
        </>
      )}
    </dl>
  );
}

/** A count that was based on old stock: what was counted beside what the item holds now. */
function StaleCount({ op }: { op: OperationView }): ReactNode {
  const { items } = useSnapshot();
  if (op.op.type !== 'count' || op.receipt?.reason !== 'stale-count') return null;
  const { itemId, quantity, basedOnRevision } = op.op;
  const item = items.find((i) => i.id === itemId);
  return (
    <section className="card stack" aria-labelledby="stale-count-heading">
      <h2 id="stale-count-heading">Counted against newer stock</h2>
      <p>
        The count was based on revision {formatCount(basedOnRevision)}
        {item && `; the item is now at revision ${formatCount(item.revision)}`}. Check the shelf
        again before entering it again as new.
      </p>
      {item && <CountComparison expected={expectedQuantity(item)} counted={quantity} />}
    </section>
  );
}

export function OperationDetail({ handle }: { handle: string }): ReactNode {
  const { operations, items } = useSnapshot();
  const now = useNow();
  // Which operation "Check and resend safely" was tapped on (this view may move to another).
  const [tapped, setTapped] = useState<string | null>(null);
  const op = operations.find((o) => o.handle === handle);
  if (!op) {
    return <NotOnDevice what="change" />;
  }
  return (
    <Screen title={op.summary} back={{ to: { name: 'activity' }, label: 'Back to Activity' }}>
      <p className={`state-label state-label--${op.state}`} role="status">
        {op.label}
      </p>
      {op.explanation && <p className="explain">{op.explanation}</p>}
      <Resolution op={op} now={now} />
      {(op.canCheckAndResend || tapped === op.id) && (
        <CheckAndResend op={op} tapped={tapped === op.id} onTap={() => setTapped(op.id)} />
      )}
      <FixActions op={op} />
      <StaleCount op={op} />
      {needsReview(op) && <ReviewActions op={op} />}
      <section className="card stack" aria-labelledby="facts-heading">
        <h2 id="facts-heading">Details</h2>
        <Facts
          op={op}
          itemName={items.find((i) => i.id === op.op.itemId)?.name ?? op.op.itemId}
          now={now}
        />
      </section>
      <section className="card stack" aria-labelledby="attempts-heading">
        <h2 id="attempts-heading">Attempts</h2>
        <AttemptTimeline attempts={op.attempts} />
      </section>
    </Screen>
  );
}
