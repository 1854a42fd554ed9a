import { useState, type FormEvent, type ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import type { CreateItemOp, ItemChanges } from '../../protocol/schemas';
import { useClient, useSnapshot } from '../client-context';
import { ItemFields } from '../components/item-fields';
import { SavedIntent } from '../components/saved-intent';
import { NotOnDevice } from '../components/not-on-device';
import { Screen } from '../components/screen';
import {
  EMPTY_ITEM_FORM,
  changesOf,
  detailsOf,
  formOf,
  readDetails,
  readNewItem,
  type FieldErrors,
  type ItemField,
  type ItemFormValues,
} from '../input/item-form';
import { href } from '../routes';
import { useCatalogue } from '../use-catalogue';
import { useI18n } from '../i18n/i18n-context';
import { FormProblem } from '../components/form-problem';

function useItemForm(initial: ItemFormValues) {
  const { t } = useI18n();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const onChange = (field: ItemField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  /** One new intent per save; the entry stays in the form if the device could not store it. */
  async function save(intent: () => Promise<{ id: string }>): Promise<boolean> {
    setBusy(true);
    setProblem(null);
    try {
      setSavedId((await intent()).id);
      return true;
    } catch {
      setProblem(t.forms.notSaved);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return {
    values,
    setValues,
    errors,
    setErrors,
    problem,
    setProblem,
    busy,
    savedId,
    onChange,
    save,
  };
}

function Problem({ text }: { text: string | null }): ReactNode {
  return <FormProblem>{text}</FormProblem>;
}

/**
 * "New item" (managers): saved through the outbox like every change, so it works offline. The
 * item's id is made here from its SKU (else its name), unique among the items this device knows.
 */
export function NewItemForm(props: { initial?: ItemFormValues; againOf?: string }): ReactNode {
  const client = useClient();
  const catalogue = useCatalogue();
  const { t, format } = useI18n();
  const formWords = { forms: t.forms, wholeNumber: t.wholeNumber, count: format.count };
  const form = useItemForm(props.initial ?? EMPTY_ITEM_FORM);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const read = readNewItem(form.values, catalogue, formWords);
    if (!read.ok) {
      form.setErrors(read.errors);
      form.setProblem(t.forms.checkFields);
      return;
    }
    const op: CreateItemOp = { type: 'createItem', ...read.value };
    const saved = await form.save(() =>
      props.againOf ? client.enterAgainAsNew(props.againOf, op) : client.createItem(read.value),
    );
    if (saved) form.setValues(EMPTY_ITEM_FORM);
  }

  return (
    <form
      className="card stack"
      aria-labelledby="new-item-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="new-item-heading">{t.forms.newItem}</h2>
      <ItemFields values={form.values} errors={form.errors} onChange={form.onChange} withQuantity />
      <Problem text={form.problem} />
      <button type="submit" className="button button--primary" disabled={form.busy}>
        {t.forms.create}
      </button>
      <SavedIntent operationId={form.savedId} />
    </form>
  );
}

export function NewItemScreen({ barcode }: { barcode: string | null }): ReactNode {
  const { user } = useSnapshot();
  const { t } = useI18n();
  if (user?.role !== 'manager') return <ManagersOnly />;
  return (
    <Screen title={t.forms.newItem}>
      {/* A new barcode (another scan or search) starts a fresh form. */}
      <NewItemForm key={barcode ?? ''} initial={{ ...EMPTY_ITEM_FORM, barcode: barcode ?? '' }} />
      <a className="button" href={href({ name: 'items' })}>
        {t.forms.backToItems}
      </a>
    </Screen>
  );
}

function ManagersOnly(): ReactNode {
  const { t } = useI18n();
  return (
    <Screen title={t.forms.managersTitle}>
      <p>{t.forms.managersOnly}</p>
      <a className="button" href={href({ name: 'items' })}>
        {t.forms.backToItems}
      </a>
    </Screen>
  );
}

/**
 * "Edit item": sends only the fields that changed, based on the revision the form was opened at,
 * so the server spots an edit of the same field made meanwhile (review `stale-edit`).
 */
export function EditItemForm(props: {
  item: ItemView;
  /** Enter again as new: the edit to prefill over the item as it is now. */
  again?: { id: string; changes: ItemChanges };
}): ReactNode {
  const { item, again } = props;
  const client = useClient();
  const catalogue = useCatalogue();
  const { t, format } = useI18n();
  const formWords = { forms: t.forms, wholeNumber: t.wholeNumber, count: format.count };
  // What the person saw when they opened the form: the base of the edit.
  const [opened] = useState(() => ({ revision: item.revision, details: detailsOf(item) }));
  const form = useItemForm(formOf({ ...item, ...definedChanges(again?.changes) }));

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const read = readDetails(form.values, catalogue, item.id, formWords);
    if (!read.ok) {
      form.setErrors(read.errors);
      form.setProblem(t.forms.checkFields);
      return;
    }
    const changes = changesOf(opened.details, read.value, formWords);
    if (!changes.ok) {
      form.setProblem(changes.message);
      return;
    }
    const input = { itemId: item.id, basedOnRevision: opened.revision, changes: changes.value };
    await form.save(() =>
      again
        ? client.enterAgainAsNew(again.id, { type: 'updateItem', ...input })
        : client.updateItem(input),
    );
  }

  return (
    <form
      className="card stack"
      aria-labelledby="edit-item-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="edit-item-heading">{t.forms.editItem}</h2>
      <ItemFields
        values={form.values}
        errors={form.errors}
        onChange={form.onChange}
        withQuantity={false}
      />
      <Problem text={form.problem} />
      <button
        type="submit"
        className="button button--primary"
        disabled={form.busy || form.savedId !== null}
      >
        {t.forms.saveDetails}
      </button>
      <SavedIntent operationId={form.savedId} />
    </form>
  );
}

function definedChanges(changes: ItemChanges | undefined): Partial<ItemView> {
  if (!changes) return {};
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}

/** "Archive item", after a confirmation: the item leaves the list (history and CSV keep it). */
export function ArchiveItem({ item, againOf }: { item: ItemView; againOf?: string }): ReactNode {
  const client = useClient();
  const { t } = useI18n();
  const words = t.forms;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function archive(): Promise<void> {
    setBusy(true);
    try {
      const op = againOf
        ? await client.enterAgainAsNew(againOf, { type: 'archiveItem', itemId: item.id })
        : await client.archiveItem({ itemId: item.id });
      setSavedId(op.id);
      setConfirming(false);
    } catch {
      setProblem(words.notSaved);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="archive-heading">
      <h2 id="archive-heading">{words.archiveHeading}</h2>
      {savedId === null && !confirming && (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          {words.archive}
        </button>
      )}
      {confirming && (
        <div role="group" aria-label={words.confirmArchiving} className="stack">
          <p>{words.archiveQuestion(item.name)}</p>
          <div className="fix-actions">
            <button
              type="button"
              className="button button--attention button--names"
              disabled={busy}
              onClick={() => void archive()}
            >
              {words.archiveYes(item.name)}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {words.keep}
            </button>
          </div>
        </div>
      )}
      <Problem text={problem} />
      <SavedIntent operationId={savedId} />
    </section>
  );
}

export function EditItemScreen({ id }: { id: string }): ReactNode {
  const { items, user } = useSnapshot();
  const { t } = useI18n();
  const item = items.find((i) => i.id === id);
  if (user?.role !== 'manager') return <ManagersOnly />;
  if (!item) {
    return <NotOnDevice what="item" />;
  }
  return (
    <Screen title={t.forms.editTitle(item.name)}>
      <EditItemForm item={item} />
      {!item.archived && <ArchiveItem item={item} />}
      <a className="button button--names" href={href({ name: 'item', id: item.id })}>
        {t.forms.backTo(item.name)}
      </a>
    </Screen>
  );
}
