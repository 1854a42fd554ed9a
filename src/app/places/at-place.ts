/**
 * The Items list at one place (docs/client.md#places), pure: each item as that place sees it
 * (its confirmed quantity there and this device's pending change there), and only the items that
 * hold or held stock there or have a pending change there. Low stock and counts on the list then
 * mean that place; with **All places** the items are as they are (totals).
 */
import type { ItemView } from '../../client/facade';
import { MAIN_PLACE } from '../../protocol/schemas';
import { ALL_PLACES } from './use-chosen-place';
import { quantityAt } from './place-names';

function holds(item: ItemView, placeId: string): boolean {
  if (item.pendingByPlace?.[placeId] !== undefined) return true;
  if (!item.stock) return placeId === MAIN_PLACE;
  return item.stock.some((s) => s.placeId === placeId);
}

export function itemsAtPlace(items: readonly ItemView[], placeId: string): readonly ItemView[] {
  if (placeId === ALL_PLACES) return items;
  return items
    .filter((item) => holds(item, placeId))
    .map((item) => ({
      ...item,
      quantity: quantityAt(item, placeId),
      pendingDelta: item.pendingByPlace?.[placeId] ?? 0,
      // A pending count is of one place; without knowing which, it is not shown per place.
      pendingCount: null,
    }));
}
