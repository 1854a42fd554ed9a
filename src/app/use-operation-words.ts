import { useMemo } from 'react';
import type { ItemView, OperationView } from '../client/facade';
import { useSnapshot } from './client-context';
import { useI18n } from './i18n/i18n-context';
import { operationWords, type OperationWords } from './operation-words';
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

/** `words(op)` in the person's language; cached per operation view (views are immutable). */
export function useOperationWords(): (op: OperationView) => OperationWords {
  const { t, format } = useI18n();
  const { items, operations } = useSnapshot();
  const now = useNow();
  return useMemo(() => {
    const names = namesOf(items);
    const cache = new WeakMap<OperationView, OperationWords>();
    const context = {
      itemName: (id: string) => names.get(id) ?? null,
      now,
      // A reversal names its original in the person's language when the original is here.
      summaryOf: (id: string): string | null => {
        const original = operations.find((o) => o.id === id);
        return original ? wordsOf(original).summary : null;
      },
    };
    function wordsOf(op: OperationView): OperationWords {
      let words = cache.get(op);
      if (!words) {
        words = operationWords(op, t, format, context);
        cache.set(op, words);
      }
      return words;
    }
    return wordsOf;
  }, [t, format, items, operations, now]);
}
