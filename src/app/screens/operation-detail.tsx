import { useState, type ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { useClient, useSnapshot } from '../client-context';
import { FixActions } from '../components/fix-actions';
import { ReviewActions } from '../components/review-actions';
import { NotOnDevice } from '../components/not-on-device';
import { Screen } from '../components/screen';
import { useI18n } from '../i18n/i18n-context';
import { needsReview } from '../operation-groups';
import { href } from '../routes';
import { useNow } from '../use-now';
import { useItemHistory } from '../use-item-history';
import { changeWords, changesSince } from '../stale-count-changes';
import { useOperationWords } from '../use-operation-words';
import { expectedQuantity } from '../low-stock';
import { TechnicalDetails } from '../components/technical-details';
import { AttemptTimeline } from './attempt-timeline';
import { CountComparison } from './count-form';
import { assertNever } from '../../protocol/assert-never';
import { opItemId } from '../../protocol/op-item';

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
  const { t, format } = useI18n();
  const words = t.operations;
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
          {op.restored?.missing ? words.detail.sendAgain : words.detail.checkAndResend}
        </button>
      )}
      {tapped && UNSETTLED.has(op.state) && (
        <p className="explain check-feedback" role="status">
          {inFlight
            ? words.state.checking
            : next === null
              ? words.detail.stillNoAnswer
              : words.detail.stillNoAnswerUntil(format.time(Date.parse(next)))}
        </p>
      )}
    </>
  );
}

function Resolution({ op, now }: { op: OperationView; now: number }): ReactNode {
  const { t, format } = useI18n();
  const words = t.operations.detail;
  const resolution = op.resolution;
  if (!resolution) return null;
  switch (resolution.kind) {
    case 'discarded':
      return (
        <p className="explain">
          {words.discarded(format.moment(resolution.at, now), resolution.note)}
        </p>
      );
    case 'entered-again':
      return (
        <p className="explain">
          {words.enteredAgain(format.moment(resolution.at, now))}{' '}
          <a href={href({ name: 'operation', handle: resolution.newOperationId })}>
            {words.openNewChange}
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
  const itemId = opItemId(op.op);
  const { t, format } = useI18n();
  const words = t.operations.detail;
  return (
    <dl className="facts">
      {itemId !== null && (
        <>
          <dt>{words.item}</dt>
          <dd>
            <a href={href({ name: 'item', id: itemId })}>{itemName}</a>
          </dd>
        </>
      )}
      <dt>{words.saved}</dt>
      <dd>
        {words.savedBy(
          format.moment(op.createdAt, now),
          format.age(op.createdAt, now),
          op.userName,
          op.imported,
        )}
      </dd>
      {op.deadline && (
        <>
          <dt>{words.deadline}</dt>
          <dd>{format.moment(op.deadline, now)}</dd>
        </>
      )}
      {op.nextRetryAt && (
        <>
          <dt>{words.nextCheck}</dt>
          <dd>{format.moment(op.nextRetryAt, now)}</dd>
        </>
      )}
    </dl>
  );
}

/** What a person checking the system reads: the id, the receipt as stored, every attempt. */
function Technical({ op, now }: { op: OperationView; now: number }): ReactNode {
  const { receipt } = op;
  const { items } = useSnapshot();
  const { t, format } = useI18n();
  const words = t.operations.detail;
  const itemId = opItemId(op.op);
  const revisions = staleRevisions(op, items.find((i) => i.id === itemId)?.revision ?? null);
  return (
    <TechnicalDetails className="card" headingId="technical-heading" level={2}>
      <dl className="facts">
        <dt>{words.operationId}</dt>
        <dd className="mono">{op.id}</dd>
        {receipt && (
          <>
            <dt>{words.receipt}</dt>
            <dd>
              {words.receiptText(
                receipt.outcome,
                receipt.reason,
                format.moment(receipt.recordedAt, now),
              )}
              {receipt.resultingQuantity !== null &&
                words.receiptQuantity(format.count(receipt.resultingQuantity))}
              {receipt.itemRevision !== null &&
                words.receiptRevision(format.count(receipt.itemRevision))}
            </dd>
          </>
        )}
        {revisions && (
          <>
            <dt>{words.staleHeading}</dt>
            <dd>
              {words.staleRevisions(
                format.count(revisions[0] ?? 0),
                revisions[1] === undefined ? null : format.count(revisions[1]),
              )}
            </dd>
          </>
        )}
      </dl>
      <h3 id="attempts-heading">{words.attempts}</h3>
      <AttemptTimeline attempts={op.attempts} />
    </TechnicalDetails>
  );
}

/** A stale count's revisions: for a person checking the system, inside Technical details. */
function staleRevisions(op: OperationView, itemRevision: number | null): number[] | null {
  if (op.op.type !== 'count' || op.receipt?.reason !== 'stale-count') return null;
  const now = itemRevision ?? op.receipt.itemRevision;
  return now === null ? [op.op.basedOnRevision] : [op.op.basedOnRevision, now];
}

/** What changed since the count, from the item's history; said plainly when it is not here. */
function ChangesSince(props: { itemId: string; based: number; current: number }): ReactNode {
  const { itemId, based, current } = props;
  const { state } = useItemHistory(itemId, current);
  const { t, format } = useI18n();
  const words = t.operations.detail;
  if (state.status !== 'ready') return <p>{words.staleUnknown}</p>;
  const { entries, more } = changesSince(state.entries, based, current);
  if (entries.length === 0) return <p>{words.staleUnknown}</p>;
  return (
    <>
      <p>{words.staleSince}</p>
      <ul className="stale-changes">
        {entries.map((e) => (
          <li key={`${e.operationId}@${e.placeId ?? ''}`}>
            <bdi>{changeWords(e, t, format)}</bdi>
          </li>
        ))}
        {more > 0 && <li>{words.staleMore(format.count(more))}</li>}
      </ul>
    </>
  );
}

/** A count that was based on old stock: what changed since, and what was counted beside now. */
function StaleCount({ op }: { op: OperationView }): ReactNode {
  const { items } = useSnapshot();
  const { t } = useI18n();
  if (op.op.type !== 'count' || op.receipt?.reason !== 'stale-count') return null;
  const { itemId, quantity, basedOnRevision } = op.op;
  const item = items.find((i) => i.id === itemId);
  const current = item?.revision ?? op.receipt.itemRevision;
  return (
    <section className="card stack" aria-labelledby="stale-count-heading">
      <h2 id="stale-count-heading">{t.operations.detail.staleHeading}</h2>
      {current === null ? (
        <p>{t.operations.detail.staleUnknown}</p>
      ) : (
        <ChangesSince itemId={itemId} based={basedOnRevision} current={current} />
      )}
      <p>{t.operations.detail.staleAdvice}</p>
      {item && <CountComparison expected={expectedQuantity(item)} counted={quantity} />}
    </section>
  );
}

export function OperationDetail({ handle }: { handle: string }): ReactNode {
  const { operations, items } = useSnapshot();
  const now = useNow();
  const { t } = useI18n();
  const wordsOf = useOperationWords();
  // Which operation "Check and resend safely" was tapped on (this view may move to another).
  const [tapped, setTapped] = useState<string | null>(null);
  // A change cancelled here: its screen stays and says what happened (its summary kept).
  const [cancelled, setCancelled] = useState<{
    handle: string;
    title: string;
    itemId: string | null;
  }>();
  const op = operations.find((o) => o.handle === handle);
  if (!op && cancelled?.handle === handle) {
    return (
      <Screen
        title={cancelled.title}
        back={{ to: { name: 'activity' }, label: t.operations.detail.back }}
      >
        <p className="form-message" role="status">
          {t.fix.cancelled}
        </p>
        {cancelled.itemId !== null && (
          <BackToItem
            itemId={cancelled.itemId}
            name={items.find((i) => i.id === cancelled.itemId)?.name}
          />
        )}
      </Screen>
    );
  }
  if (!op) {
    return <NotOnDevice what="change" />;
  }
  const words = wordsOf(op);
  const detail = t.operations.detail;
  return (
    <Screen title={words.summary} back={{ to: { name: 'activity' }, label: detail.back }}>
      <p className={`state-label state-label--${op.state}`} role="status">
        {words.label}
      </p>
      {words.explanation && <p className="explain">{words.explanation}</p>}
      <Resolution op={op} now={now} />
      {(op.canCheckAndResend || tapped === op.id) && (
        <CheckAndResend op={op} tapped={tapped === op.id} onTap={() => setTapped(op.id)} />
      )}
      <FixActions
        op={op}
        onCancelled={() =>
          setCancelled({ handle: op.handle, title: words.summary, itemId: opItemId(op.op) })
        }
      />
      <StaleCount op={op} />
      {needsReview(op) && <ReviewActions op={op} sendAgain={false} />}
      <section className="card stack" aria-labelledby="facts-heading">
        <h2 id="facts-heading">{detail.details}</h2>
        <Facts
          op={op}
          itemName={items.find((i) => i.id === opItemId(op.op))?.name ?? opItemId(op.op) ?? ''}
          now={now}
        />
      </section>
      <Technical op={op} now={now} />
    </Screen>
  );
}

function BackToItem(props: { itemId: string; name: string | undefined }): ReactNode {
  const { t } = useI18n();
  return (
    <a className="button button--names" href={href({ name: 'item', id: props.itemId })}>
      {t.forms.backTo(props.name ?? props.itemId)}
    </a>
  );
}
