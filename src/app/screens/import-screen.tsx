import { useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import type { CreateItemOp, UpdateItemOp } from '../../protocol/schemas';
import { useClient, useSnapshot } from '../client-context';
import { Screen } from '../components/screen';
import type { Messages } from '../i18n/en';
import { useI18n } from '../i18n/i18n-context';
import { importProgress, type ImportBatch } from '../import/import-progress';
import {
  planImport,
  plannedOps,
  type ImportCatalogue,
  type ImportPlan,
} from '../import/item-import';
import { isUnderway } from '../operation-groups';
import { refusalWords } from '../refusal-words';
import { refusalOf } from '../../client';
import { href } from '../routes';
import { DrainProgress } from './activity-screen';
import { ImportPreview } from './import-preview';
import { FormProblem } from '../components/form-problem';

/** Files larger than this are refused before reading (about 20 times a 5,000-row export). */
const MAX_BYTES = 10 * 1024 * 1024;

/** The file as text: UTF-8 (what our export and "CSV UTF-8" write), refused otherwise. */
async function readText(
  file: File,
  words: Messages['importing'],
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > MAX_BYTES) return { ok: false, message: words.tooLarge };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
    return { ok: true, text };
  } catch {
    return { ok: false, message: words.notUtf8 };
  }
}

function useImportCatalogue(): ImportCatalogue {
  const { items, operations } = useSnapshot();
  return useMemo(() => {
    const pending = operations
      .filter(isUnderway)
      .map((o) => o.op)
      .filter(
        (op): op is CreateItemOp | UpdateItemOp =>
          op.type === 'createItem' || op.type === 'updateItem',
      );
    return { items, pending };
  }, [items, operations]);
}

/** The imported changes on their way: "Sending 120 of 3,000", then what became of them. */
function ImportProgress({ batch }: { batch: ImportBatch }): ReactNode {
  const { operations, connectivity } = useSnapshot();
  const progress = useMemo(() => importProgress(batch, operations), [batch, operations]);
  const done = progress.settled === progress.total;
  const { t, format } = useI18n();
  const words = t.importing;
  return (
    <section className="card stack" aria-labelledby="import-progress-heading">
      <h2 id="import-progress-heading">{words.savedHeading}</h2>
      <p>{words.inOutbox(progress.total, format.count(progress.total))}</p>
      {!done && connectivity !== 'online' && <p className="hint">{words.whenOnline}</p>}
      <DrainProgress drain={{ sent: progress.settled, total: progress.total }} />
      {done && (
        <p role="status">
          {progress.confirmed === progress.total
            ? words.allConfirmed(format.count(progress.total))
            : words.someConfirmed(
                format.count(progress.confirmed),
                format.count(progress.total - progress.confirmed),
              )}
        </p>
      )}
      <a className="button" href={href({ name: 'activity' })}>
        {words.activity}
      </a>
    </section>
  );
}

export function ImportScreen(): ReactNode {
  const { user } = useSnapshot();
  const client = useClient();
  const { t, format } = useI18n();
  const words = t.importing;
  const catalogue = useImportCatalogue();
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<ImportBatch | null>(null);
  const ops = useMemo(() => (plan?.ok ? plannedOps(plan.rows) : []), [plan]);

  if (user?.role !== 'manager') {
    return (
      <Screen title={words.title}>
        <p>{words.managersOnly}</p>
        <a className="button" href={href({ name: 'items' })}>
          {words.backToItems}
        </a>
      </Screen>
    );
  }

  async function choose(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const file = event.target.files?.[0];
    setProblem(null);
    setSaved(null);
    setPlan(null);
    if (!file) return;
    const read = await readText(file, words);
    setPlan(
      read.ok
        ? planImport(read.text, catalogue, {
            words: t.import,
            wholeNumber: t.wholeNumber,
            count: format.count,
          })
        : read,
    );
  }

  async function save(): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      setSaved(await client.importItems(ops));
      setPlan(null);
    } catch (e) {
      setProblem(words.notSaved(refusalWords(t, refusalOf(e), format.count)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Screen title={words.title}>
      <p>{words.intro}</p>
      <label className="field">
        <span>{words.file}</span>
        <input type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} />
      </label>
      {plan && !plan.ok && <FormProblem>{plan.message}</FormProblem>}
      {plan?.ok && (
        <>
          <ImportPreview rows={plan.rows} />
          {ops.length === 0 ? (
            <p role="status">{words.nothing}</p>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void save()}
            >
              {busy ? words.saving : words.importRows(ops.length, format.count(ops.length))}
            </button>
          )}
        </>
      )}
      <FormProblem>{problem}</FormProblem>
      {saved && <ImportProgress batch={saved} />}
      <a className="button" href={href({ name: 'items' })}>
        {words.backToItems}
      </a>
    </Screen>
  );
}
