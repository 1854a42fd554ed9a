import type { ReactNode } from 'react';
import type { Messages } from '../i18n/en';
import { useI18n } from '../i18n/i18n-context';
import type { FieldErrors, ItemField, ItemFormValues } from '../input/item-form';

function fields(
  t: Messages['forms'],
): { field: ItemField; label: string; numeric?: boolean; hint?: string }[] {
  return [
    { field: 'name', label: t.fields.name },
    { field: 'sku', label: t.fields.sku },
    { field: 'barcode', label: t.fields.barcode, hint: t.barcodeHint },
    { field: 'location', label: t.fields.location },
    { field: 'initialQuantity', label: t.fields.initialQuantity, numeric: true },
    {
      field: 'lowStockThreshold',
      label: t.fields.lowStockThreshold,
      numeric: true,
      hint: t.thresholdHint,
    },
  ];
}

/** The fields of New item / Edit item, each with its own error in words. */
export function ItemFields(props: {
  values: ItemFormValues;
  errors: FieldErrors;
  onChange: (field: ItemField, value: string) => void;
  /** Edit item has no starting quantity. */
  withQuantity: boolean;
}): ReactNode {
  const { values, errors, onChange, withQuantity } = props;
  const { t } = useI18n();
  return (
    <>
      {fields(t.forms)
        .filter((f) => withQuantity || f.field !== 'initialQuantity')
        .map((f) => {
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
