/**
 * The save step shared by the item forms: each submit is one new intent with its own id. The form
 * clears after the intent is durable on the device, so a second tap cannot silently repeat it; the
 * button is off while saving; if the device could not save it, the entry stays in the form.
 */
import { useState } from 'react';
import { useI18n } from './i18n/i18n-context';

export function useIntentForm() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  /** `savedId` is the saved operation's handle: it stays valid if the operation is re-keyed. */
  async function save(
    form: HTMLFormElement,
    intent: () => Promise<{ handle: string }>,
  ): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      const op = await intent();
      form.reset();
      setSavedId(op.handle);
    } catch {
      setProblem(t.forms.notSaved);
    } finally {
      setBusy(false);
    }
  }

  return { busy, savedId, problem, setProblem, save };
}
