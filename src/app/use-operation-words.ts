import { useMemo } from 'react';
import type { OperationView } from '../client/facade';
import { useSnapshot } from './client-context';
import { useI18n } from './i18n/i18n-context';
import { operationWords, type OperationWords } from './operation-words';
import { useNow } from './use-now';

/** `words(op)` in the person's language; cached per operation view (views are immutable). */
export function useOperationWords(): (op: OperationView) => OperationWords {
  const { t, format } = useI18n();
  const { items } = useSnapshot();
  const now = useNow();
  return useMemo(() => {
    const names = new Map(items.map((i) => [i.id, i.name]));
    const context = { itemName: (id: string) => names.get(id) ?? null, now };
    const cache = new WeakMap<OperationView, OperationWords>();
    return (op: OperationView): OperationWords => {
      let words = cache.get(op);
      if (!words) {
        words = operationWords(op, t, format, context);
        cache.set(op, words);
      }
      return words;
    };
  }, [t, format, items, now]);
}
