/**
 * **Stock-takes**: the list and, for managers, **Start stock-take** (docs/client.md "Places,
 * stock-takes, deliveries and the manager's desk"). Starting is an operation like any other: it is
 * saved on the device first and reaches the server when it can.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { randomId } from '../../client/core/clock';
import { useClient, useSnapshot } from '../client-context';
import { FormProblem } from '../components/form-problem';
import { SavedIntent } from '../components/saved-intent';
import { Screen } from '../components/screen';
import { useI18n } from '../i18n/i18n-context';
import { href } from '../routes';
import { useIntentForm } from '../use-intent-form';
import { useStocktakes } from '../use-stocktakes';
import { knownPlaces } from '../places/place-names';
import { usePlaces } from '../places/use-places';
import { MAIN_PLACE } from '../../protocol/schemas';
import { openOnItems, placeLabel, useWedgeTarget } from '../scan/use-wedge-scan';

export function StocktakesScreen(): ReactNode {
  const { user } = useSnapshot();
  const { t, format } = useI18n();
  const words = t.stocktakes;
  const list = useStocktakes();
  return (
    <Screen title={words.title}>
      {user?.role === 'manager' && <StartStocktake />}
      <section className="stack" aria-labelledby="stocktake-list">
        <h2 id="stocktake-list">{words.list}</h2>
        {list.status === 'unavailable' && <p>{words.unreachable}</p>}
        {list.status === 'ready' && list.value.stocktakes.length === 0 && <p>{words.none}</p>}
        {list.status === 'ready' && list.value.stocktakes.length > 0 && (
          <ul className="list">
            {list.value.stocktakes.map((s) => (
              <li key={s.id}>
                <a href={href({ name: 'stocktake', id: s.id })}>{s.name}</a>{' '}
                <span>
                  {words.status[s.status]} ·{' '}
                  {words.progress(format.count(s.counted), format.count(s.scope))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Screen>
  );
}

function StartStocktake(): ReactNode {
  const client = useClient();
  const { t } = useI18n();
  const words = t.stocktakes;
  const { busy, savedId, problem, setProblem, save } = useIntentForm();
  const [name, setName] = useState('');
  const [blind, setBlind] = useState(false);
  const places = usePlaces();
  const [placeId, setPlaceId] = useState<string>(MAIN_PLACE);
  const [startedId, setStartedId] = useState<string | null>(null);
  // A place label (docs/client.md#labels) chooses the Place; any other code opens its item.
  useWedgeTarget((code) => {
    const scanned = placeLabel(code);
    if (scanned === null) openOnItems(code);
    else if (knownPlaces(places).some((p) => p.id === scanned)) setPlaceId(scanned);
  });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 100) {
      setProblem(words.name);
      return;
    }
    // The id is the device's: the start is saved (and may be counted against) before any reply.
    const stocktakeId = `st-${randomId(Math.random, 16)}`;
    await save(event.currentTarget, async () => {
      const op = await client.stocktakeStep({
        type: 'startStocktake',
        stocktakeId,
        name: trimmed,
        placeId,
        blind,
      });
      setName('');
      setBlind(false);
      setStartedId(stocktakeId);
      return op;
    });
  }

  return (
    <form
      className="card stack"
      aria-labelledby="start-stocktake"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="start-stocktake">{words.startHeading}</h2>
      <label className="field">
        <span>{words.name}</span>
        <input name="name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span>{words.place}</span>
        <select name="place" value={placeId} onChange={(e) => setPlaceId(e.target.value)}>
          {knownPlaces(places).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={blind} onChange={(e) => setBlind(e.target.checked)} />
        <span>{words.blind}</span>
      </label>
      <FormProblem>{problem}</FormProblem>
      <button type="submit" className="button button--primary" disabled={busy}>
        {words.start}
      </button>
      <SavedIntent operationId={savedId} />
      {startedId && <a href={href({ name: 'stocktake', id: startedId })}>{words.title}</a>}
    </form>
  );
}
