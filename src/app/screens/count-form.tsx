import { useState, type FormEvent, type ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import { useClient } from '../client-context';
import { SavedIntent } from '../components/saved-intent';
import { formatCount, formatDelta } from '../format';
import { parseWholeNumber } from '../input/whole-number';
import { WholeNumberInput } from '../input/whole-number-input';
import { expectedQuantity } from '../low-stock';
import { useIntentForm } from '../use-intent-form';

const COUNT_RULES = { min: 0, max: 1_000_000_000, what: 'the counted quantity' };

/** Expected (confirmed plus this device's pending changes) beside what was counted, before saving. */
export function CountComparison(props: { expected: number; counted: number | null }): ReactNode {
  const { expected, counted } = props;
  return (
    <dl className="compare" aria-live="polite">
      <dt>Expected</dt>
      <dd>{formatCount(expected)}</dd>
      <dt>Counted</dt>
      <dd>{counted === null ? '—' : formatCount(counted)}</dd>
      <dt>Difference</dt>
      <dd>
        {counted === null ? '—' : counted === expected ? 'none' : formatDelta(counted - expected)}
      </dd>
    </dl>
  );
}

/**
 * "Stock count": the counted quantity, based on the revision on screen (the server spots stale
 * counts). With `againOf`, it is "Enter again as new" for that count: prefilled, re-based on the
 * revision on screen now, and sent only when saved.
 */
export function CountForm(props: {
  item: ItemView;
  initial?: number;
  againOf?: string;
}): ReactNode {
  const { item, initial, againOf } = props;
  const client = useClient();
  const { busy, savedId, problem, setProblem, save } = useIntentForm();
  const [text, setText] = useState(initial === undefined ? '' : String(initial));
  const parsed = parseWholeNumber(text, COUNT_RULES);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    const input = { itemId: item.id, quantity: parsed.value, basedOnRevision: item.revision };
    await save(event.currentTarget, async () => {
      const op = againOf
        ? await client.enterAgainAsNew(againOf, { type: 'count', ...input })
        : await client.count(input);
      setText('');
      return op;
    });
  }

  return (
    <form className="card stack" aria-labelledby="count-heading" onSubmit={(e) => void submit(e)}>
      <h2 id="count-heading">Stock count</h2>
      <label className="field">
        <span>Counted quantity</span>
        <WholeNumberInput
          name="quantity"
          value={text}
          onChange={setText}
          hintId="count-hint"
          size={10}
        />
      </label>
      <CountComparison
        expected={expectedQuantity(item)}
        counted={parsed.ok ? parsed.value : null}
      />
      <p id="count-hint" className="hint">
        Based on revision {formatCount(item.revision)}. If the stock moves before the count arrives,
        it comes back for review instead of overwriting newer changes.
      </p>
      {problem && (
        <p className="form-message form-message--problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        Save count
      </button>
      <SavedIntent operationId={savedId} />
    </form>
  );
}
