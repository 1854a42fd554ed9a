/**
 * A whole-number field as the shop floor needs it: text with a numeric keypad (many phone number
 * pads have no minus key, so the sign comes from buttons beside it), read strictly by
 * `whole-number.ts` rather than by the browser's number parsing.
 */
import type { ReactNode } from 'react';

export function WholeNumberInput(props: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the hint that explains the field. */
  hintId: string;
  size: number;
}): ReactNode {
  return (
    <input
      name={props.name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      required
      aria-describedby={props.hintId}
      size={props.size}
    />
  );
}
