/**
 * One stock-take: progress, the items left, a count per item (**Counted quantity**, **Save count**)
 * and, for managers, **Review** with what each item becomes, **Apply stock-take** and **Cancel
 * stock-take** (docs/client.md "Places, stock-takes, deliveries and the manager's desk"). Counts
 * are outbox operations, so counting works offline once the stock-take is on the device. In a
 * blind count staff see no expected quantity (the server does not send them one either).
 */
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { ItemView, OperationView } from '../../client/facade';
import type { StocktakeDetail, StocktakeReviewLine } from '../../protocol/schemas';
import { useClient, useSnapshot } from '../client-context';
import { FormProblem } from '../components/form-problem';
import { SavedIntent } from '../components/saved-intent';
import { Screen } from '../components/screen';
import { useI18n } from '../i18n/i18n-context';
import { parseWholeNumber } from '../input/whole-number';
import { WholeNumberInput } from '../input/whole-number-input';
import { useIntentForm } from '../use-intent-form';
import { useOperationWords } from '../use-operation-words';
import { useStocktake } from '../use-stocktakes';
import { matchScan } from '../scan/scan-match';
import { useWedgeTarget } from '../scan/use-wedge-scan';
import { placeName } from '../places/place-names';

/** This device's latest count of each item of the stock-take. */
function deviceCounts(
  stocktakeId: string,
  operations: readonly OperationView[],
): Map<string, OperationView> {
  const latest = new Map<string, OperationView>();
  for (const o of operations) {
    if (o.op.type !== 'stocktakeCount' || o.op.stocktakeId !== stocktakeId) continue;
    const known = latest.get(o.op.itemId);
    if (!known || known.createdAt <= o.createdAt) latest.set(o.op.itemId, o);
  }
  return latest;
}

/** Items with a count: on the server, or saved on this device and not refused. */
function countedItems(detail: StocktakeDetail, mine: ReadonlyMap<string, OperationView>) {
  const counted = new Set(detail.lines.map((l) => l.itemId));
  for (const [itemId, o] of mine) {
    if (o.state !== 'rejected' && o.state !== 'not-applied') counted.add(itemId);
  }
  return counted;
}

export function StocktakeScreen({ id }: { id: string }): ReactNode {
  const { t } = useI18n();
  const words = t.stocktakes;
  const loaded = useStocktake(id);
  const back = { to: { name: 'stocktakes' as const }, label: words.back };
  if (loaded.status !== 'ready') {
    return (
      <Screen title={words.title} back={back}>
        {loaded.status === 'unavailable' && <p>{words.notLoaded}</p>}
      </Screen>
    );
  }
  return (
    <Screen title={loaded.value.name} back={back}>
      <Stocktake detail={loaded.value} />
    </Screen>
  );
}

function Stocktake({ detail }: { detail: StocktakeDetail }): ReactNode {
  const { items, operations, user, places } = useSnapshot();
  const { t, format } = useI18n();
  const words = t.stocktakes;
  const [open, setOpen] = useState<string | null>(null);
  const mine = useMemo(() => deviceCounts(detail.id, operations), [detail.id, operations]);
  const counted = useMemo(() => countedItems(detail, mine), [detail, mine]);
  const operationWords = useOperationWords();
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const scope = detail.review;
  const left = scope.filter((r) => !counted.has(r.itemId));
  const isOpen = detail.status === 'open';
  const nameOf = (itemId: string) => byId.get(itemId)?.name ?? itemId;
  const openItem = open === null ? undefined : byId.get(open);
  return (
    <>
      <p>
        {placeName(places, detail.placeId)} · {words.status[detail.status]} ·{' '}
        <span role="status">
          {words.progress(format.count(counted.size), format.count(scope.length))}
        </span>
      </p>
      {detail.blind && user?.role !== 'manager' && <p>{words.blindNote}</p>}
      {isOpen && (
        <PickItem
          items={scope.flatMap((r) => byId.get(r.itemId) ?? [])}
          onOpen={(itemId) => setOpen(itemId)}
        />
      )}
      {isOpen && openItem && (
        <StocktakeCountForm
          key={openItem.id}
          stocktakeId={detail.id}
          item={openItem}
          line={scope.find((r) => r.itemId === openItem.id)}
        />
      )}
      {isOpen && (
        <section className="stack" aria-labelledby="items-left">
          <h2 id="items-left">{words.itemsLeft}</h2>
          {left.length === 0 && <p>{words.allCounted}</p>}
          <CountList
            labelledBy="items-left"
            rows={left.map((r) => ({ itemId: r.itemId, name: nameOf(r.itemId), state: null }))}
            onOpen={setOpen}
          />
          {counted.size > 0 && (
            <>
              <h3 id="items-counted">{words.countedItems}</h3>
              <CountList
                labelledBy="items-counted"
                rows={scope
                  .filter((r) => counted.has(r.itemId))
                  .map((r) => {
                    const saved = mine.get(r.itemId);
                    const state = saved ? operationWords(saved).label : null;
                    return { itemId: r.itemId, name: nameOf(r.itemId), state };
                  })}
                onOpen={setOpen}
              />
            </>
          )}
        </section>
      )}
      {user?.role === 'manager' && <Review detail={detail} nameOf={nameOf} />}
    </>
  );
}

/**
 * Items of the stock-take, one row each: the name is the row's button (its spoken name says what
 * it does, "Count …"), and under it what became of this phone's count of it.
 */
function CountList(props: {
  labelledBy: string;
  rows: readonly { itemId: string; name: string; state: string | null }[];
  onOpen: (itemId: string) => void;
}): ReactNode {
  const { t } = useI18n();
  if (props.rows.length === 0) return null;
  return (
    <ul className="count-list" aria-labelledby={props.labelledBy}>
      {props.rows.map((row) => (
        <li key={row.itemId} className="count-list__row">
          <button
            type="button"
            className="count-list__open"
            aria-label={t.stocktakes.countItem(row.name)}
            onClick={() => props.onOpen(row.itemId)}
          >
            {row.name}
          </button>
          {row.state && <span className="count-list__state">{row.state}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The camera loads with its reader only when opened, as on Items. */
const PickCamera = lazy(() => import('../scan/pick-camera'));

/**
 * A code picks the item to count: typed into **Item code** (barcode or SKU), from a wedge scanner
 * (anywhere on the screen outside a text field), or read by the camera.
 */
function PickItem(props: {
  items: readonly ItemView[];
  onOpen: (itemId: string) => void;
}): ReactNode {
  const { t } = useI18n();
  const words = t.stocktakes;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  // Read through a ref: the camera's handler stays the same while the items refresh.
  const latest = useRef(props);
  latest.current = props;
  const noSuchCode = words.noSuchCode;
  const pick = useCallback(
    (scanned: string): boolean => {
      setScanning(false);
      const found = matchScan(latest.current.items, scanned);
      if (found.kind !== 'one') {
        setProblem(noSuchCode);
        return false;
      }
      setProblem(null);
      latest.current.onOpen(found.item.id);
      return true;
    },
    [noSuchCode],
  );
  useWedgeTarget(pick);
  const close = useCallback(() => setScanning(false), []);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (pick(code)) setCode('');
  }
  return (
    <>
      <form className="stack" aria-label={words.openCode} onSubmit={submit} noValidate>
        <label className="field">
          <span>{words.code}</span>
          <input
            name="code"
            value={code}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        <FormProblem>{problem}</FormProblem>
        <div className="fix-actions">
          <button type="submit" className="button">
            {words.openCode}
          </button>
          <button
            type="button"
            className="button"
            aria-expanded={scanning}
            onClick={() => setScanning(true)}
          >
            {t.items.scan}
          </button>
        </div>
      </form>
      {scanning && (
        <Suspense fallback={<p role="status">{t.items.openingScanner}</p>}>
          <PickCamera onCode={pick} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

function StocktakeCountForm(props: {
  stocktakeId: string;
  item: ItemView;
  line: StocktakeReviewLine | undefined;
}): ReactNode {
  const { stocktakeId, item, line } = props;
  const client = useClient();
  const { t, format } = useI18n();
  const words = t.stocktakes;
  const { busy, savedId, problem, setProblem, save } = useIntentForm();
  const [text, setText] = useState('');
  const parsed = parseWholeNumber(text, {
    min: 0,
    max: 1_000_000_000,
    what: words.countedQuantity,
    words: t.wholeNumber,
    count: format.count,
  });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    const counted = parsed.value;
    await save(event.currentTarget, async () => {
      const op = await client.stocktakeStep({
        type: 'stocktakeCount',
        stocktakeId,
        itemId: item.id,
        counted,
        // What this device saw: the apply keeps every change recorded after it.
        basedOnRevision: item.revision,
      });
      setText('');
      return op;
    });
  }

  // Opened from far down the list of items, the count comes into view.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Braces: Chromium's scrollIntoView returns a promise, which React would call as a cleanup.
    void form.current?.scrollIntoView({ block: 'center' });
  }, []);

  return (
    <form
      ref={form}
      className="card stack"
      aria-labelledby="stocktake-count"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="stocktake-count">{words.countItem(item.name)}</h2>
      {line?.current !== undefined && (
        <p>
          {words.expected}: {format.count(line.current)}
        </p>
      )}
      <label className="field">
        <span>{words.countedQuantity}</span>
        <WholeNumberInput
          name="counted"
          value={text}
          onChange={setText}
          hintId="stocktake-count-hint"
          size={10}
        />
      </label>
      <p id="stocktake-count-hint" className="hint">
        {words.countHint}
      </p>
      <FormProblem>{problem}</FormProblem>
      <button type="submit" className="button button--primary" disabled={busy}>
        {words.saveCount}
      </button>
      <SavedIntent operationId={savedId} />
    </form>
  );
}

function Review(props: { detail: StocktakeDetail; nameOf: (itemId: string) => string }): ReactNode {
  const { detail, nameOf } = props;
  const client = useClient();
  const { t, format } = useI18n();
  const words = t.stocktakes;
  const [uncounted, setUncounted] = useState<'leave' | 'zero'>('leave');
  const [savedId, setSavedId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isOpen = detail.status === 'open';

  async function step(kind: 'applyStocktake' | 'cancelStocktake', question: string) {
    if (busy || !window.confirm(question)) return;
    setBusy(true);
    try {
      const op =
        kind === 'applyStocktake'
          ? await client.stocktakeStep({ type: kind, stocktakeId: detail.id, uncounted })
          : await client.stocktakeStep({ type: kind, stocktakeId: detail.id });
      setSavedId(op.handle);
    } finally {
      setBusy(false);
    }
  }

  const becomes = (r: StocktakeReviewLine) =>
    r.counted === null && uncounted === 'zero' ? 0 : r.proposed;
  return (
    <section className="stack" aria-labelledby="stocktake-review">
      <h2 id="stocktake-review">{words.review}</h2>
      <table className="table table--names-first">
        <thead>
          <tr>
            <th scope="col">{words.item}</th>
            <th scope="col">{words.expected}</th>
            <th scope="col">{words.counted}</th>
            <th scope="col">{words.changesSince}</th>
            <th scope="col">{words.proposed}</th>
          </tr>
        </thead>
        <tbody>
          {detail.review.map((r) => {
            const to = becomes(r);
            return (
              <tr key={r.itemId}>
                <th scope="row">{nameOf(r.itemId)}</th>
                <td data-label={words.expected}>
                  {r.current === undefined ? '—' : format.count(r.current)}
                </td>
                <td data-label={words.counted}>
                  {r.counted === null ? words.notCounted : format.count(r.counted)}
                </td>
                <td data-label={words.changesSince}>
                  {r.changesSince === undefined ? '—' : format.delta(r.changesSince)}
                </td>
                <td data-label={words.proposed}>{to === undefined ? '—' : format.count(to)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {isOpen && (
        <>
          <label className="field">
            <span>{words.uncounted}</span>
            <select
              value={uncounted}
              onChange={(e) => setUncounted(e.target.value === 'zero' ? 'zero' : 'leave')}
            >
              <option value="leave">{words.leave}</option>
              <option value="zero">{words.zero}</option>
            </select>
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void step('applyStocktake', words.confirmApply)}
          >
            {words.apply}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void step('cancelStocktake', words.confirmCancel)}
          >
            {words.cancel}
          </button>
        </>
      )}
      <SavedIntent operationId={savedId} />
    </section>
  );
}
