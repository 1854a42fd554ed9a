/**
 * **Places** in Settings (managers, docs/client.md#places): a form **New place** with a field
 * **Place name** and a button **Create place**; per place **Rename place** and **Archive place**.
 * Each is an operation saved on the device first, like every change (works offline). **Print place
 * labels** prints a sheet of their labels (src/app/labels).
 */
import { FormProblem } from '../components/form-problem';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Place } from '../../protocol/schemas';
import { MAIN_PLACE } from '../../protocol/schemas';
import { useClient, useSnapshot } from '../client-context';
import { SavedIntent } from '../components/saved-intent';
import { useI18n } from '../i18n/i18n-context';
import { knownPlaces, placeIdFor } from '../places/place-names';
import { useIntentForm } from '../use-intent-form';
import { PrintLabels, usePrintView } from '../labels/print-labels';

function NewPlace(): ReactNode {
  const client = useClient();
  const { places } = useSnapshot();
  const { t } = useI18n();
  const words = t.places;
  const { busy, savedId, problem, setProblem, save } = useIntentForm();
  const [name, setName] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem(words.nameMissing);
      return;
    }
    const taken = knownPlaces(places, true).map((p) => p.id);
    await save(event.currentTarget, async () => {
      const op = await client.createPlace({ placeId: placeIdFor(trimmed, taken), name: trimmed });
      setName('');
      return op;
    });
  }

  return (
    <form
      className="stack"
      aria-labelledby="new-place-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 id="new-place-heading">{words.newPlace}</h3>
      <label className="field">
        <span>{words.placeName}</span>
        <input
          name="placeName"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={64}
        />
      </label>
      <FormProblem>{problem}</FormProblem>
      <button type="submit" className="button button--primary" disabled={busy}>
        {words.createPlace}
      </button>
      <SavedIntent operationId={savedId} />
    </form>
  );
}

function PlaceRow({ place }: { place: Place }): ReactNode {
  const client = useClient();
  const { t } = useI18n();
  const words = t.places;
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(place.name);
  const { busy, savedId, problem, setProblem, save } = useIntentForm();

  async function rename(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem(words.nameMissing);
      return;
    }
    await save(event.currentTarget, async () => {
      const op = await client.updatePlace({
        placeId: place.id,
        basedOnRevision: place.revision,
        changes: { name: trimmed },
      });
      setRenaming(false);
      return op;
    });
  }

  return (
    <li className="stack">
      <span>{place.name}</span>
      {renaming ? (
        <form aria-label={words.renameForm(place.name)} onSubmit={(e) => void rename(e)} noValidate>
          <label className="field">
            <span>{words.placeName}</span>
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {words.saveName}
          </button>
        </form>
      ) : (
        <div className="row">
          <button type="button" className="button" onClick={() => setRenaming(true)}>
            {words.renamePlace}
          </button>
          {place.id !== MAIN_PLACE && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={(e) =>
                void save(e.currentTarget.form ?? document.createElement('form'), () =>
                  client.archivePlace({ placeId: place.id }),
                )
              }
            >
              {words.archivePlace}
            </button>
          )}
        </div>
      )}
      <FormProblem>{problem}</FormProblem>
      <SavedIntent operationId={savedId} />
    </li>
  );
}

export function PlacesPanel(): ReactNode {
  const { places } = useSnapshot();
  const { t } = useI18n();
  const words = t.places;
  const labels = usePrintView();
  const shown = knownPlaces(places);
  return (
    <section className="card stack" aria-labelledby="places-heading">
      <h2 id="places-heading">{words.settingsHeading}</h2>
      <ul className="stack plain-list places-list">
        {shown.map((p) => (
          <PlaceRow key={p.id} place={p} />
        ))}
      </ul>
      <button ref={labels.button} type="button" className="button" onClick={labels.show}>
        {t.labels.printPlaceLabels}
      </button>
      {labels.open && (
        <PrintLabels source={{ kind: 'places', places: shown }} onClose={labels.close} />
      )}
      <NewPlace />
    </section>
  );
}
