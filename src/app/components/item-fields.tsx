import type { ReactNode } from 'react';
import type { FieldErrors, ItemField, ItemFormValues } from '../input/item-form';

const FIELDS: { field: ItemField; label: string; numeric?: boolean; hint?: string }[] = [
  { field: 'name', label: 'Name' },
  { field: 'sku', label: 'SKU' },
  { field: 'barcode', label: 'Barcode', hint: 'Optional. EAN, UPC (digits) or Code 128.' },
  { field: 'location', label: 'Shelf' },
  { field: 'initialQuantity', label: 'Starting quantity', numeric: true },
  {
    field: 'lowStockThreshold',
    label: 'Low-stock threshold',
    numeric: true,
    hint: 'Optional. The item shows as low stock at or below this quantity.',
  },
];

/** The fields of New item / Edit item, each with its own error in words. */
export function ItemFields(props: {
  values: ItemFormValues;
  errors: FieldErrors;
  onChange: (field: ItemField, value: string) => void;
  /** Edit item has no starting quantity. */
  withQuantity: boolean;
}): ReactNode {
  const { values, errors, onChange, withQuantity } = props;
  return (
    <>
      {FIELDS.filter((f) => withQuantity || f.field !== 'initialQuantity').map((f) => {
        const error = errors[f.field];
        const hintId = `item-${f.field}-hint`;
        const errorId = `item-${f.field}-error`;
        const described = [f.hint ? hintId : null, error ? errorId : null].filter(Boolean);
        const inputId = `item-${f.field}`;
        // The label holds the field's name only: hints and errors are descriptions, not names.
        return (
          <div key={f.field} className="field">
            <label htmlFor={inputId}>{f.label}</label>
            <input
              id={inputId}
              name={f.field}
              type="text"
              inputMode={f.numeric ? 'numeric' : undefined}
              autoComplete="off"
              value={values[f.field]}
              onChange={(e) => onChange(f.field, e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described.length > 0 ? described.join(' ') : undefined}
            />
            {f.hint && (
              <span id={hintId} className="hint">
                {f.hint}
              </span>
            )}
            {error && (
              <span id={errorId} className="form-message form-message--problem">
                {error}
              </span>
            )}
          </div>
        );
      })}
    </>
  );
}
