/**
 * **Move stock** (docs/client.md#places): selects **From** and **To**, a field **Quantity to
 * move** and a button **Move**: one `transfer`, saved on the device first like every change. With
 * `againOf`, it is "Enter again as new" for that transfer.
 */
import { FormProblem } from '../components/form-problem';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import { MAIN_PLACE } from '../../protocol/schemas';
import { useClient } from '../client-context';
import { SavedIntent } from '../components/saved-intent';
import { useI18n } from '../i18n/i18n-context';
import { parseWholeNumber } from '../input/whole-number';
import { WholeNumberInput } from '../input/whole-number-input';
import { knownPlaces, placeName, quantityAt } from '../places/place-names';
import { usePlaces } from '../places/use-places';
import { useIntentForm } from '../use-intent-form';

const MOVE_RULES = { min: 1, max: 1_000_000 };

export function MoveStockForm(props: {
  item: ItemView;
  againOf?: string;
  initial?: { from: string; to: string; quantity: number };
}): ReactNode {
  const { item, againOf, initial } = props;
  const client = useClient();
  const places = usePlaces();
  const { t, format } = useI18n();
  const words = t.places;
  const choices = knownPlaces(places);
  const { busy, savedId, problem, setProblem, save } = useIntentForm();
  const [from, setFrom] = useState(initial?.from ?? MAIN_PLACE);
  const [to, setTo] = useState(
    initial?.to ?? choices.find((p) => p.id !== (initial?.from ?? MAIN_PLACE))?.id ?? MAIN_PLACE,
  );
  const [text, setText] = useState(initial ? String(initial.quantity) : '');
  const parsed = parseWholeNumber(text, {
    ...MOVE_RULES,
    what: words.what,
    words: t.wholeNumber,
    count: format.count,
  });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (from === to) {
      setProblem(words.samePlace);
      return;
    }
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    const input = { itemId: item.id, fromPlaceId: from, toPlaceId: to, quantity: parsed.value };
    await save(event.currentTarget, async () => {
      const op = againOf
        ? await client.enterAgainAsNew(againOf, { type: 'transfer', ...input })
        : await client.transfer(input);
      setText('');
      return op;
    });
  }

  const select = (label: string, value: string, onChange: (v: string) => void) => (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form
      className="card stack"
      aria-labelledby="move-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="move-heading">{words.moveStock}</h2>
      {select(words.from, from, setFrom)}
      {select(words.to, to, setTo)}
      <label className="field">
        <span>{words.quantityToMove}</span>
        <WholeNumberInput
          name="quantity"
          value={text}
          onChange={setText}
          hintId="move-hint"
          size={10}
        />
      </label>
      <p id="move-hint" className="hint">
        {words.inStockAt(placeName(places, from), format.count(quantityAt(item, from)))}
      </p>
      <FormProblem>{problem}</FormProblem>
      <button type="submit" className="button button--primary" disabled={busy}>
        {words.move}
      </button>
      <SavedIntent operationId={savedId} />
    </form>
  );
}
