import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context';
import type { RowPlan } from '../import/item-import';

/** Long tables show their first rows; the counts above say how many there are. */
const SHOWN = 100;

function More({ total }: { total: number }): ReactNode {
  const { t, format } = useI18n();
  return total > SHOWN ? (
    <p className="hint">{t.importing.firstShown(format.count(SHOWN), format.count(total))}</p>
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
  const { t, format } = useI18n();
  if (rows.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby={id}>
      <h2 id={id}>
        {heading} <span className="count">({format.count(rows.length)})</span>
      </h2>
      <table className="table" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">{t.importing.row}</th>
            <th scope="col">{t.importing.item}</th>
            <th scope="col">{what}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((r) => (
            <tr key={r.row}>
              <td data-label={t.importing.row}>{r.row}</td>
              <th scope="row">{r.label}</th>
              <td data-label={what}>{describe(r)}</td>
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
  const { t, format } = useI18n();
  const words = t.importing;
  return (
    <>
      <ul className="import-summary" aria-label={words.summary}>
        <li>{words.created(format.count(created.length))}</li>
        <li>{words.changed(format.count(changed.length))}</li>
        <li>{words.unchanged(format.count(unchanged.length))}</li>
        <li>{words.withErrors(errors.length, format.count(errors.length))}</li>
      </ul>
      <p className="hint">
        {words.quantitiesKept}
        {quantityNotes > 0 && words.quantityNotes(quantityNotes, format.count(quantityNotes))}
      </p>
      <PlanTable
        id="import-errors"
        heading={words.errorsHeading}
        rows={errors}
        what={words.problem}
        describe={(r) => (r.kind === 'error' ? <Lines lines={r.errors} /> : null)}
      />
      <PlanTable
        id="import-new"
        heading={words.newHeading}
        rows={created}
        what={words.details}
        describe={(r) =>
          r.kind === 'new'
            ? words.newDetails(r.op.sku, r.op.location, format.count(r.op.initialQuantity))
            : null
        }
      />
      <PlanTable
        id="import-changed"
        heading={words.changedHeading}
        rows={changed}
        what={words.changes}
        describe={(r) =>
          r.kind === 'changed'
            ? words.changedFields(r.fields.map((f) => words.fields[f]).join(', '))
            : null
        }
      />
    </>
  );
}
