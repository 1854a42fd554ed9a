import { useState, type FormEvent, type ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { useClient } from '../client-context';
import { useI18n } from '../i18n/i18n-context';
import { href } from '../routes';
import { useOperationWords } from '../use-operation-words';
import { navigate } from '../use-route';
import { FormProblem } from './form-problem';

/**
 * The explicit decisions for an operation under review. "Enter again as new" opens the
 * operation's form filled with its values; nothing is sent until the person saves it there (as
 * one new intent with a new id), so a would-go-negative −50 does not land in review again.
 * `sendAgain: false` where the screen already offers **Send again** (the operation's detail, through
 * its check-and-resend button), so one screen never has two buttons of one name.
 */
export function ReviewActions({
  op,
  sendAgain: offerSendAgain = true,
}: {
  op: OperationView;
  sendAgain?: boolean;
}): ReactNode {
  const client = useClient();
  const { t } = useI18n();
  const words = useOperationWords();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function discard(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    if (!note) return setMessage(t.review.discardNoteMissing);
    setBusy(true);
    try {
      await client.discard(op.id, note);
    } catch {
      setMessage(t.review.discardNotSaved);
    } finally {
      setBusy(false);
    }
  }

  async function sendAgain(): Promise<void> {
    setBusy(true);
    try {
      // The same operation id as before: the server applies it at most once.
      await client.checkAndResend(op.id);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="review-actions stack">
      {offerSendAgain && op.restored?.missing === true && op.canCheckAndResend === true && (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void sendAgain()}
        >
          {t.operations.detail.sendAgain}
        </button>
      )}
      {op.canEnterAgain && (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => navigate(href({ name: 'enter-again', id: op.id }))}
        >
          {t.review.enterAgain}
        </button>
      )}
      {op.canDiscard && (
        <form
          className="stack"
          onSubmit={(e) => void discard(e)}
          noValidate
          aria-label={t.review.discardForm(words(op).summary)}
        >
          <label className="field">
            <span>{t.review.discardNote}</span>
            <input name="note" required maxLength={500} autoComplete="off" />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {t.review.discard}
          </button>
          <p className="hint">{t.review.discardHint}</p>
        </form>
      )}
      <FormProblem>{message}</FormProblem>
    </div>
  );
}
