import { useState, type ReactNode } from 'react';
import { ClientError } from '../../client';
import type { OperationView } from '../../client/facade';
import { useClient } from '../client-context';
import { useI18n } from '../i18n/i18n-context';
import { refusalWords } from '../refusal-words';
import { href } from '../routes';
import { FormProblem } from './form-problem';

/**
 * Fixing mistakes on one operation (docs/client.md#fixing-mistakes): "Cancel — not sent yet" while
 * no attempt is recorded (nothing is sent; the item's pending effect disappears), and "Reverse this
 * change" on a confirmed adjustment (a new change with its own id). Each button goes away once
 * used, so a second tap cannot make a second reversal.
 */
export function FixActions({
  op,
  onCancelled,
}: {
  op: OperationView;
  /** The change is gone from the device: the screen says so where it was (it stays put). */
  onCancelled: () => void;
}): ReactNode {
  const client = useClient();
  const { t, format } = useI18n();
  const [busy, setBusy] = useState(false);
  const [reversalId, setReversalId] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function cancel(): Promise<void> {
    setBusy(true);
    try {
      await client.cancelUnsent(op.id);
      onCancelled();
    } catch (e) {
      // The core refuses once an attempt is recorded (it may have left the device).
      const refused = e instanceof ClientError && e.refusal.kind === 'not-cancellable';
      setMessage(refused ? refusalWords(t, e.refusal, format.count) : t.fix.cancelNotSaved);
      setBusy(false);
    }
  }

  async function reverse(): Promise<void> {
    setBusy(true);
    try {
      setReversalId((await client.reverse(op.id)).handle);
    } catch {
      setMessage(t.fix.reversalNotSaved);
    } finally {
      setBusy(false);
    }
  }

  if (!op.canCancel && !op.canReverse && !reversalId && !message) return null;
  return (
    <div className="fix-actions">
      {op.canCancel && (
        <button type="button" className="button" disabled={busy} onClick={() => void cancel()}>
          {t.fix.cancel}
        </button>
      )}
      {op.canReverse && !reversalId && (
        <button type="button" className="button" disabled={busy} onClick={() => void reverse()}>
          {t.fix.reverse}
        </button>
      )}
      {reversalId && (
        <p className="form-message" role="status">
          {t.fix.reversalSaved}{' '}
          <a href={href({ name: 'operation', handle: reversalId })}>{t.fix.openReversal}</a>.
        </p>
      )}
      <FormProblem>{message}</FormProblem>
    </div>
  );
}
