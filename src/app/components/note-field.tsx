import { useId, type ReactNode } from 'react';
import type { Format } from '../format';
import type { Messages } from '../i18n/en';
import { useI18n } from '../i18n/i18n-context';

export const NOTE_MAX = 500;

/** The note's length as the server's schema counts it (zod's maxLength: UTF-16 code units). */
const lengthOf = (note: string): number => note.length;

/**
 * A note longer than the server takes is refused in words, never cut: null when it fits. (The
 * field has no maxLength, which would silently drop the end of a pasted text.)
 */
export function noteProblem(note: string, t: Messages, format: Format): string | null {
  const used = lengthOf(note.trim());
  return used > NOTE_MAX ? t.note.tooLong(format.count(used), format.count(NOTE_MAX)) : null;
}

/** "Note (optional)": several lines, with a live character count against the server's 500. */
export function NoteField(props: { value: string; onChange: (value: string) => void }): ReactNode {
  const { t, format } = useI18n();
  const counterId = useId();
  const used = lengthOf(props.value);
  const left = NOTE_MAX - used;
  const inputId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId}>{t.note.label}</label>
      <textarea
        id={inputId}
        name="note"
        rows={2}
        dir="auto"
        autoComplete="off"
        value={props.value}
        // Several lines on screen, one line stored: the text rule refuses control characters,
        // and a line break is one, so Enter (or a pasted break) becomes a space, never an error.
        onChange={(e) => props.onChange(e.target.value.replace(/\r\n?|\n/g, ' '))}
        aria-describedby={counterId}
        aria-invalid={left < 0}
      />
      <span id={counterId} className={`hint counter${left < 50 ? ' counter--low' : ''}`}>
        {t.note.counter(format.count(used), format.count(NOTE_MAX))}
      </span>
    </div>
  );
}
