import type { ReactNode } from 'react';
import { formatCount } from '../format';
import type { RowPlan } from '../import/item-import';

/** Long tables show their first rows; the counts above say how many there are. */
const SHOWN = 100;

const FIELD_WORDS = {
  name: 'name',
  sku: 'SKU',
  barcode: 'barcode',
  location: 'shelf',
  lowStockThreshold: 'low-stock threshold',
} as const;

function More({ total }: { total: number }): ReactNode {
  return total > SHOWN ? (
    <p className="hint">
      The first {SHOWN} of {formatCount(total)} are shown.
    </p>
  ) : null;
}

function PlanTable(props: {
  id: string;
  heading: string;
  rows: readonly RowPlan[];
  what: string;
  describe: (row: RowPlan) => ReactNode;
}): ReactNode {
  const { id, heading, rows, what, describe } = props;
  if (rows.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby={id}>
      <h2 id={id}>
        {heading} <span className="count">({formatCount(rows.length)})</span>
      </h2>
      <table className="table" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Item</th>
            <th scope="col">{what}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((r) => (
            <tr key={r.row}>
              <td>{r.row}</td>
              <th scope="row">{r.label}</th>
              <td>{describe(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <More total={rows.length} />
    </section>
  );
}

function Lines({ lines }: { lines: readonly string[] }): ReactNode {
  return lines.length === 1 ? (
    lines[0]
  ) : (
    <ul className="plain-list">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

/** What an import would do, row by row: errors first (they are what the person must fix). */
export function ImportPreview({ rows }: { rows: readonly RowPlan[] }): ReactNode {
  const errors = rows.filter((r) => r.kind === 'error');
  const created = rows.filter((r) => r.kind === 'new');
  const changed = rows.filter((r) => r.kind === 'changed');
  const unchanged = rows.filter((r) => r.kind === 'unchanged');
  const quantityNotes = rows.filter((r) => r.kind !== 'error' && r.notes.length > 0).length;
  return (
    <>
      <ul className="import-summary" aria-label="Import summary">
        <li>{formatCount(created.length)} new</li>
        <li>{formatCount(changed.length)} changed</li>
        <li>{formatCount(unchanged.length)} unchanged (nothing to send)</li>
        <li>
          {formatCount(errors.length)} {errors.length === 1 ? 'row' : 'rows'} with errors (not
          imported)
        </li>
      </ul>
      <p className="hint">
        Quantities of existing items are not changed by an import: counts go through Stock count.
        {quantityNotes > 0 &&
          ` ${formatCount(quantityNotes)} ${quantityNotes === 1 ? 'row has a quantity' : 'rows have quantities'} that differ from this device's; ${quantityNotes === 1 ? 'it is' : 'they are'} not applied.`}
      </p>
      <PlanTable
        id="import-errors"
        heading="Rows with errors"
        rows={errors}
        what="Problem"
        describe={(r) => (r.kind === 'error' ? <Lines lines={r.errors} /> : null)}
      />
      <PlanTable
        id="import-new"
        heading="New items"
        rows={created}
        what="Details"
        describe={(r) =>
          r.kind === 'new'
            ? `${r.op.sku} · Shelf ${r.op.location} · starting quantity ${formatCount(r.op.initialQuantity)}`
            : null
        }
      />
      <PlanTable
        id="import-changed"
        heading="Changed items"
        rows={changed}
        what="Changes"
        describe={(r) =>
          r.kind === 'changed' ? `New ${r.fields.map((f) => FIELD_WORDS[f]).join(', ')}` : null
        }
      />
    </>
  );
}
