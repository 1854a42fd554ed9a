import { useState, type ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import { useClient } from '../client-context';
import { FormProblem } from '../components/form-problem';
import { SavedIntent } from '../components/saved-intent';
import { useI18n } from '../i18n/i18n-context';
import { lastReason, rememberReason, type Direction } from '../last-reason';

/**
 * Selling or receiving one: from Items, a tap on the item and a tap here. Each tap is one new
 * intent with its own id (saved through the outbox, offline too), with the reason last used on
 * this device for that direction; the buttons are off while a change is being saved, so a double
 * tap cannot make two.
 */
export function QuickAdjust({ item }: { item: ItemView }): ReactNode {
  const client = useClient();
  const { t } = useI18n();
  const words = t.quick;
  const [busy, setBusy] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = lastReason('remove');
  const add = lastReason('add');

  async function one(direction: Direction): Promise<void> {
    const delta = direction === 'remove' ? -1 : 1;
    const reason = direction === 'remove' ? remove : add;
    setBusy(true);
    setProblem(null);
    try {
      const op = await client.adjust({ itemId: item.id, delta, reason });
      rememberReason(delta, reason);
      setSavedId(op.handle);
    } catch {
      setProblem(t.forms.notSaved);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="quick-heading">
      <h2 id="quick-heading">{words.heading}</h2>
      <div className="button-grid">
        <button type="button" className="button" disabled={busy} onClick={() => void one('remove')}>
          {words.removeOne(t.reasons[remove])}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void one('add')}>
          {words.addOne(t.reasons[add])}
        </button>
      </div>
      <p className="hint">{words.hint}</p>
      <FormProblem>{problem}</FormProblem>
      <SavedIntent operationId={savedId} />
    </section>
  );
}
