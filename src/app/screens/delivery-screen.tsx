/**
 * **Receive delivery** (docs/client.md#places): a list that scanning fills. The camera stays on and
 * each code read adds one (a label in view counts once, repeat-guard.ts); a wedge scanner's code
 * adds one too; a code no item has is listed as unknown, never dropped. **Remove one** / **Add one**
 * per line; **Save delivery** saves one `adjust` (reason `received`, at the chosen place) per known
 * line in ONE local transaction; **Discard delivery** after a confirmation. The list is kept on the
 * device, so it survives a reload until it is saved or discarded.
 */
import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useClient, useSnapshot } from '../client-context';
import { Screen } from '../components/screen';
import {
  addCode,
  changeLine,
  keepDelivery,
  loadDelivery,
  savable,
  unknownLines,
  type DeliveryList,
} from '../delivery/delivery-list';
import { useI18n } from '../i18n/i18n-context';
import { defaultPreferences } from '../../client/preferences';
import { knownPlaces } from '../places/place-names';
import { usePlaces } from '../places/use-places';
import { chooseThePlace, useChosenPlace } from '../places/use-chosen-place';
import { placeLabel, useWedgeTarget } from '../scan/use-wedge-scan';

/** The camera (and its reader) load only when the screen opens, as on Items. */
const DeliveryCamera = lazy(() => import('../scan/delivery-camera'));

export function DeliveryScreen(): ReactNode {
  const client = useClient();
  const { items } = useSnapshot();
  const places = usePlaces();
  const { t, format } = useI18n();
  const words = t.delivery;
  const { changesAt } = useChosenPlace();
  const [list, setList] = useState<DeliveryList>(() => loadDelivery(defaultPreferences()));
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => keepDelivery(defaultPreferences(), list), [list]);

  const onCode = useCallback((code: string) => {
    const placeId = placeLabel(code);
    if (placeId !== null) {
      chooseThePlace(placeId);
      return;
    }
    setMessage(null);
    setList((l) => addCode(l, itemsRef.current, code));
  }, []);
  useWedgeTarget(onCode);

  const nameOf = (itemId: string) => items.find((i) => i.id === itemId)?.name ?? itemId;

  async function save(): Promise<void> {
    const lines = savable(list);
    if (lines.length === 0) {
      setMessage(words.nothingToSave);
      return;
    }
    setBusy(true);
    try {
      const { ids } = await client.saveDelivery({ placeId: changesAt, lines });
      // Unknown codes stay listed: they were never dropped, and are not saved.
      setList(unknownLines(list));
      setMessage(words.saved(format.count(ids.length)));
    } catch {
      setMessage(t.forms.notSaved);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Screen title={words.heading} back={{ to: { name: 'items' }, label: words.back }}>
      <p className="explain">{words.intro}</p>
      <label className="field">
        <span>{t.places.place}</span>
        <select value={changesAt} onChange={(e) => chooseThePlace(e.target.value)}>
          {knownPlaces(places).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <Suspense fallback={<p role="status">{t.items.openingScanner}</p>}>
        <DeliveryCamera onCode={onCode} />
      </Suspense>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          onCode(typed);
          setTyped('');
        }}
      >
        <label className="field field--grow">
          <span>{words.typeCode}</span>
          <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit" className="button">
          {words.addCode}
        </button>
      </form>
      <section className="card stack" aria-labelledby="delivery-lines-heading">
        <h2 id="delivery-lines-heading">{words.lines}</h2>
        {list.length === 0 ? (
          <p>{words.empty}</p>
        ) : (
          <ul aria-labelledby="delivery-lines-heading" className="stack plain-list delivery-lines">
            {list.map((line, index) => {
              const name = line.itemId === null ? words.unknown(line.code) : nameOf(line.itemId);
              return (
                <li key={line.itemId ?? `code:${line.code}`} aria-label={name} className="row">
                  <span className="field--grow">{name}</span>
                  <span className="delivery-lines__count">
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={words.removeOne}
                      onClick={() => setList((l) => changeLine(l, index, -1))}
                    >
                      −
                    </button>
                    <output aria-label={words.quantity}>{format.count(line.quantity)}</output>
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={words.addOne}
                      onClick={() => setList((l) => changeLine(l, index, 1))}
                    >
                      +
                    </button>
                  </span>
                  {line.itemId === null && <p className="hint">{words.unknownHint}</p>}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {message && (
        <p className="form-message" role="status">
          {message}
        </p>
      )}
      <div className="fix-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void save()}
        >
          {words.save}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || list.length === 0}
          onClick={() => {
            if (window.confirm(words.confirmDiscard)) setList([]);
          }}
        >
          {words.discard}
        </button>
      </div>
    </Screen>
  );
}
