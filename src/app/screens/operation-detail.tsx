import { useState, type ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { useClient, useSnapshot } from '../client-context';
import { ReviewActions } from '../components/review-actions';
import { Screen } from '../components/screen';
import { formatAge, formatCount, formatMoment } from '../format';
import { needsReview } from '../operation-groups';
import { href } from '../routes';
import { useNow } from '../use-now';
import { AttemptTimeline } from './attempt-timeline';

/** Same id, a new round: safe to press any number of times (it can never apply twice). */
function CheckAndResend({ op }: { op: OperationView }): ReactNode {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  async function check(): Promise<void> {
    setBusy(true);
    try {
      await client.checkAndResend(op.id);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={busy}
      onClick={() => void check()}
    >
      Check and resend safely
    </button>
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
    default: {
      const never: never = resolution;
      throw new Error(`unhandled resolution ${JSON.stringify(never)}`);
    }
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

export function OperationDetail({ handle }: { handle: string }): ReactNode {
  const { operations, items } = useSnapshot();
  const now = useNow();
  const op = operations.find((o) => o.handle === handle);
  if (!op) {
    return (
      <Screen title="Change not found">
        <p>This change is not on this device.</p>
        <a className="button" href={href({ name: 'activity' })}>
          Back to activity
        </a>
      </Screen>
    );
  }
  return (
    <Screen title={op.summary}>
      <p className={`state-label state-label--${op.state}`} role="status">
        {op.label}
      </p>
      {op.explanation && <p className="explain">{op.explanation}</p>}
      <Resolution op={op} now={now} />
      {op.canCheckAndResend && <CheckAndResend op={op} />}
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
