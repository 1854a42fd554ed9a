import { useState, type FormEvent, type ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import { ADJUST_REASONS, type AdjustOp } from '../../protocol/schemas';
import { useClient, useSnapshot } from '../client-context';
import { NoteField, noteProblem } from '../components/note-field';
import { SavedIntent } from '../components/saved-intent';
import { parseWholeNumber, stepBy, toggleSign } from '../input/whole-number';
import { WholeNumberInput } from '../input/whole-number-input';
import { useI18n } from '../i18n/i18n-context';
import { useIntentForm } from '../use-intent-form';
import { MAIN_PLACE } from '../../protocol/schemas';
import { useChosenPlace } from '../places/use-chosen-place';
import { rememberReason } from '../last-reason';
import { FormProblem } from '../components/form-problem';

const CHANGE_RULES = { min: -1_000_000, max: 1_000_000, nonZero: true };

export interface AdjustValues {
  delta: number;
  reason: AdjustOp['reason'];
  note?: string;
  allowNegative?: boolean;
}

/**
 * "Adjust stock": every submit is one new intent with its own id. The form clears after saving, so
 * a second tap on "Save change" cannot silently repeat the change; the button is off while saving.
 * With `againOf`, the form is "Enter again as new" for that operation, prefilled with its values;
 * it sends nothing until the person saves.
 */
export function AdjustForm(props: {
  item: ItemView;
  initial?: AdjustValues;
  againOf?: string;
}): ReactNode {
  const { item, initial, againOf } = props;
  const client = useClient();
  const { user } = useSnapshot();
  const { t, format } = useI18n();
  const words = t.adjust;
  const { busy, savedId, problem, setProblem, save } = useIntentForm();
  const [delta, setDelta] = useState(initial ? String(initial.delta) : '');
  const [note, setNote] = useState(initial?.note ?? '');
  const manager = user?.role === 'manager';
  const { changesAt } = useChosenPlace();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = parseWholeNumber(delta, {
      ...CHANGE_RULES,
      what: words.what,
      words: t.wholeNumber,
      count: format.count,
    });
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    const reason = String(data.get('reason') ?? '');
    if (!reason) {
      setProblem(words.reasonMissing);
      return;
    }
    const tooLong = noteProblem(note, t, format);
    if (tooLong) {
      setProblem(tooLong);
      return;
    }
    const trimmed = note.trim();
    const input: Omit<AdjustOp, 'type'> = {
      itemId: item.id,
      delta: parsed.value,
      reason: reason as AdjustOp['reason'],
      ...(trimmed ? { note: trimmed } : {}),
      ...(manager && data.get('allowNegative') === 'on' ? { allowNegative: true } : {}),
      // At the chosen place; main is left out (a server before places takes it too).
      ...(changesAt === MAIN_PLACE ? {} : { placeId: changesAt }),
    };
    await save(form, async () => {
      const op = againOf
        ? await client.enterAgainAsNew(againOf, { type: 'adjust', ...input })
        : await client.adjust(input);
      rememberReason(input.delta, input.reason);
      setDelta('');
      setNote('');
      return op;
    });
  }

  return (
    <form
      className="card stack"
      aria-labelledby="adjust-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="adjust-heading">{words.heading}</h2>
      <div className="field-row">
        <div className="stepper">
          <button
            type="button"
            className="button stepper__button"
            aria-label={words.removeOne}
            onClick={() => setDelta((d) => stepBy(d, -1))}
          >
            −
          </button>
          <label className="field">
            <span>{words.change}</span>
            <WholeNumberInput
              name="delta"
              value={delta}
              onChange={setDelta}
              hintId="delta-hint"
              size={8}
            />
          </label>
          <button
            type="button"
            className="button stepper__button"
            aria-label={words.addOne}
            onClick={() => setDelta((d) => stepBy(d, 1))}
          >
            +
          </button>
          <button
            type="button"
            className="button stepper__button"
            aria-label={words.switchSign}
            title={words.switchSignTitle}
            onClick={() => setDelta(toggleSign)}
          >
            ±
          </button>
        </div>
        <label className="field">
          <span>{words.reason}</span>
          <select name="reason" required defaultValue={initial?.reason ?? ''}>
            <option value="" disabled>
              {words.choose}
            </option>
            {ADJUST_REASONS.map((r) => (
              <option key={r} value={r}>
                {t.reasons[r]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id="delta-hint" className="hint">
        {words.hint}
      </p>
      <NoteField value={note} onChange={setNote} />
      {manager && (
        <label className="checkbox">
          <input
            type="checkbox"
            name="allowNegative"
            defaultChecked={initial?.allowNegative ?? false}
          />
          <span>{words.allowNegative}</span>
        </label>
      )}
      <FormProblem>{problem}</FormProblem>
      <button type="submit" className="button button--primary" disabled={busy}>
        {words.save}
      </button>
      <SavedIntent operationId={savedId} />
    </form>
  );
}
