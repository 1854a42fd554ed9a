import type { FormEvent, ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import { ADJUST_REASONS, type AdjustOp } from '../../protocol/schemas';
import { useClient } from '../client-context';
import { SavedIntent } from '../components/saved-intent';
import { REASON_LABELS } from '../labels';
import { useIntentForm } from '../use-intent-form';

/**
 * "Adjust stock": every submit is one new intent with its own id. The form clears after saving, so
 * a second tap on "Save change" cannot silently repeat the change; the button is off while saving.
 */
export function AdjustForm({ item }: { item: ItemView }): ReactNode {
  const client = useClient();
  const { busy, savedId, problem, setProblem, save } = useIntentForm();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const delta = Number(data.get('delta'));
    if (!Number.isInteger(delta) || delta === 0) {
      setProblem('Enter a whole number other than 0: negative removes, positive adds.');
      return;
    }
    const note = String(data.get('note') ?? '').trim();
    const input: Omit<AdjustOp, 'type'> = {
      itemId: item.id,
      delta,
      reason: String(data.get('reason')) as AdjustOp['reason'],
      ...(note ? { note } : {}),
    };
    await save(form, () => client.adjust(input));
  }

  return (
    <form className="card stack" aria-labelledby="adjust-heading" onSubmit={(e) => void submit(e)}>
      <h2 id="adjust-heading">Adjust stock</h2>
      <div className="field-row">
        <label className="field">
          <span>Change</span>
          <input
            name="delta"
            type="number"
            inputMode="numeric"
            step={1}
            min={-1_000_000}
            max={1_000_000}
            required
            aria-describedby="delta-hint"
          />
        </label>
        <label className="field">
          <span>Reason</span>
          <select name="reason" required defaultValue="">
            <option value="" disabled>
              Choose…
            </option>
            {ADJUST_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id="delta-hint" className="hint">
        Negative removes stock, positive adds it.
      </p>
      <label className="field">
        <span>Note (optional)</span>
        <input name="note" maxLength={500} autoComplete="off" />
      </label>
      {problem && (
        <p className="form-message form-message--problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        Save change
      </button>
      <SavedIntent operationId={savedId} />
    </form>
  );
}
