import { useState, type FormEvent, type ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { useClient } from '../client-context';
import { href } from '../routes';

/**
 * The explicit decisions for an operation under review. "Enter again as new" makes one new intent
 * (new id); the button goes away once it has, so a second tap cannot make a second one.
 */
export function ReviewActions({ op }: { op: OperationView }): ReactNode {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [newId, setNewId] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function enterAgain(): Promise<void> {
    setBusy(true);
    try {
      const created = await client.enterAgainAsNew(op.id);
      setNewId(created.handle);
    } catch {
      setMessage('The new change was not saved on this device. Nothing was sent.');
    } finally {
      setBusy(false);
    }
  }

  async function discard(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    setBusy(true);
    try {
      await client.discard(op.id, note);
    } catch {
      setMessage('The discard was not saved on this device; the change is still here for review.');
    } finally {
      setBusy(false);
    }
  }

  if (newId) {
    return (
      <p className="form-message" role="status">
        Entered again as a new change:{' '}
        <a href={href({ name: 'operation', handle: newId })}>open the new change</a>.
      </p>
    );
  }

  return (
    <div className="review-actions stack">
      {op.canEnterAgain && (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void enterAgain()}
        >
          Enter again as new
        </button>
      )}
      {op.canDiscard && (
        <form
          className="stack"
          onSubmit={(e) => void discard(e)}
          aria-label={`Discard ${op.summary}`}
        >
          <label className="field">
            <span>Note for discarding (why)</span>
            <input name="note" required maxLength={500} autoComplete="off" />
          </label>
          <button type="submit" className="button" disabled={busy}>
            Discard
          </button>
          <p className="hint">
            Discarding sends nothing and does not change the stock; your note stays with the change
            on this device.
          </p>
        </form>
      )}
      {message && (
        <p className="form-message form-message--problem" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
