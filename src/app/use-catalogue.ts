/** The items a new item must not collide with: those on the device and those created here, unsent. */
import { useMemo } from 'react';
import { useSnapshot } from './client-context';
import type { Catalogue } from './input/item-form';
import { isUnderway } from './operation-groups';

export function useCatalogue(): Catalogue {
  const { items, operations } = useSnapshot();
  return useMemo(() => {
    const created = operations.flatMap((o) =>
      o.op.type === 'createItem' && isUnderway(o)
        ? [{ id: o.op.itemId, sku: o.op.sku, barcode: o.op.barcode ?? null }]
        : [],
    );
    return { items: [...items, ...created] };
  }, [items, operations]);
}
