import { useId, type ReactNode } from 'react';
import { formatCount } from '../format';

export const NOTE_MAX = 500;

/** "Note (optional)" with a live character count against the server's limit of 500. */
export function NoteField(props: { value: string; onChange: (value: string) => void }): ReactNode {
  const counterId = useId();
  const left = NOTE_MAX - props.value.length;
  const inputId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId}>Note (optional)</label>
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
        {formatCount(props.value.length)} of {formatCount(NOTE_MAX)} characters
      </span>
    </div>
  );
}
