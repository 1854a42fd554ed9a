import { useState, type FormEvent, type ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import { useClient } from '../client-context';
import { SavedIntent } from '../components/saved-intent';
import { useI18n } from '../i18n/i18n-context';
import { parseWholeNumber } from '../input/whole-number';
import { WholeNumberInput } from '../input/whole-number-input';
import { expectedQuantity } from '../low-stock';
import { useIntentForm } from '../use-intent-form';
import { MAIN_PLACE } from '../../protocol/schemas';
import { quantityAt } from '../places/place-names';
import { useChosenPlace } from '../places/use-chosen-place';
import { FormProblem } from '../components/form-problem';
import { useNow } from '../use-now';

const COUNT_RULES = { min: 0, max: 1_000_000_000 };

/** Expected (confirmed plus this device's pending changes) beside what was counted, before saving. */
export function CountComparison(props: { expected: number; counted: number | null }): ReactNode {
  const { expected, counted } = props;
  const { t, format } = useI18n();
  const words = t.count;
  return (
    <dl className="compare" aria-live="polite">
      <dt>{words.expected}</dt>
      <dd>{format.count(expected)}</dd>
      <dt>{words.countedShort}</dt>
      <dd>{counted === null ? '—' : format.count(counted)}</dd>
      <dt>{words.difference}</dt>
      <dd>
        {counted === null
          ? '—'
          : counted === expected
            ? words.none
            : format.delta(counted - expected)}
      </dd>
    </dl>
  );
}

/**
 * "Stock count": the counted quantity, based on the revision on screen (the server spots stale
 * counts); the hint says it in the shop's words, when the stock last changed. With `againOf`, it is "Enter again as new" for that count: prefilled, re-based on the
 * revision on screen now, and sent only when saved.
 */
export function CountForm(props: {
  item: ItemView;
  initial?: number;
  againOf?: string;
}): ReactNode {
  const { item, initial, againOf } = props;
  const client = useClient();
  const { t, format } = useI18n();
  const words = t.count;
  const { busy, savedId, problem, setProblem, save } = useIntentForm();
  const { changesAt } = useChosenPlace();
  const now = useNow();
  const [text, setText] = useState(initial === undefined ? '' : String(initial));
  const parsed = parseWholeNumber(text, {
    ...COUNT_RULES,
    what: words.what,
    words: t.wholeNumber,
    count: format.count,
  });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    const input = {
      itemId: item.id,
      quantity: parsed.value,
      basedOnRevision: item.revision,
      // The count is of the chosen place; main is left out (a server before places takes it too).
      ...(changesAt === MAIN_PLACE ? {} : { placeId: changesAt }),
    };
    await save(event.currentTarget, async () => {
      const op = againOf
        ? await client.enterAgainAsNew(againOf, { type: 'count', ...input })
        : await client.count(input);
      setText('');
      return op;
    });
  }

  return (
    <form
      className="card stack"
      aria-labelledby="count-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="count-heading">{words.heading}</h2>
      <label className="field">
        <span>{words.counted}</span>
        <WholeNumberInput
          name="quantity"
          value={text}
          onChange={setText}
          hintId="count-hint"
          size={10}
        />
      </label>
      <CountComparison
        expected={
          changesAt === MAIN_PLACE && !item.stock
            ? expectedQuantity(item)
            : quantityAt(item, changesAt) + (item.pendingByPlace?.[changesAt] ?? 0)
        }
        counted={parsed.ok ? parsed.value : null}
      />
      <p id="count-hint" className="hint">
        {words.hint(format.moment(item.updatedAt, now))}
      </p>
      <FormProblem>{problem}</FormProblem>
      <button type="submit" className="button button--primary" disabled={busy}>
        {words.save}
      </button>
      <SavedIntent operationId={savedId} />
    </form>
  );
}
