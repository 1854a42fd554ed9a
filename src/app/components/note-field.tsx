import { useId, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context';

export const NOTE_MAX = 500;

/** "Note (optional)" with a live character count against the server's limit of 500. */
export function NoteField(props: { value: string; onChange: (value: string) => void }): ReactNode {
  const { t, format } = useI18n();
  const counterId = useId();
  const left = NOTE_MAX - props.value.length;
  const inputId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId}>{t.note.label}</label>
      <input
        id={inputId}
        name="note"
        maxLength={NOTE_MAX}
        autoComplete="off"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={counterId}
      />
      <span id={counterId} className={`hint counter${left < 50 ? ' counter--low' : ''}`}>
        {t.note.counter(format.count(props.value.length), format.count(NOTE_MAX))}
      </span>
    </div>
  );
}
