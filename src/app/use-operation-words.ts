import { useMemo } from 'react';
import type { ItemView, OperationView } from '../client/facade';
import { useSnapshot } from './client-context';
import { useShellI18n } from './i18n/i18n-context';
import { operationWordsOf, type OperationWords } from './operation-words';
import { useNow } from './use-now';

/** One name lookup per items snapshot, shared by every row (10,000 items, hundreds of rows). */
const namesByItems = new WeakMap<readonly ItemView[], ReadonlyMap<string, string>>();

function namesOf(items: readonly ItemView[]): ReadonlyMap<string, string> {
  let names = namesByItems.get(items);
  if (!names) {
    names = new Map(items.map((i) => [i.id, i.name]));
    namesByItems.set(items, names);
  }
  return names;
}

/**
 * `words(op)` in the person's language, cached per operation view (views are immutable). The cache
 * lasts while the language, the item names and the clock's tick stay, not only one outbox write:
 * a write words just the changes it touched (operationWordsOf).
 */
export function useOperationWords(): (op: OperationView) => OperationWords {
  const { t, format } = useShellI18n();
  const { items, operations } = useSnapshot();
  const now = useNow();
  // What the kept words depend on: a new language, item names or tick words every change anew.
  const base = useMemo(() => {
    const names = namesOf(items);
    return {
      kept: new WeakMap<OperationView, OperationWords>(),
      t,
      format,
      context: { itemName: (id: string) => names.get(id) ?? null, now },
    };
  }, [t, format, items, now]);
  return useMemo(
    () => operationWordsOf(operations, base.kept, base.t, base.format, base.context),
    [operations, base],
  );
}
