import type { FormEvent, ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import { useClient } from '../client-context';
import { SavedIntent } from '../components/saved-intent';
import { formatCount } from '../format';
import { useIntentForm } from '../use-intent-form';

/** "Stock count": the counted quantity, based on the revision on screen (the server spots stale counts). */
export function CountForm({ item }: { item: ItemView }): ReactNode {
  const client = useClient();
  const { busy, savedId, problem, setProblem, save } = useIntentForm();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const quantity = Number(new FormData(form).get('quantity'));
    if (!Number.isInteger(quantity) || quantity < 0) {
      setProblem('Enter the number you counted: a whole number, 0 or more.');
      return;
    }
    await save(form, () =>
      client.count({ itemId: item.id, quantity, basedOnRevision: item.revision }),
    );
  }

  return (
    <form className="card stack" aria-labelledby="count-heading" onSubmit={(e) => void submit(e)}>
      <h2 id="count-heading">Stock count</h2>
      <label className="field">
        <span>Counted quantity</span>
        <input
          name="quantity"
          type="number"
          inputMode="numeric"
          step={1}
          min={0}
          max={1_000_000_000}
          required
          aria-describedby="count-hint"
        />
      </label>
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
