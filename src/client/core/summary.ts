/**
 * The summary a record keeps of what was decided, "Remove 2 from Desk lamp": data, not the words
 * on screen (the app words each operation in the person's language from its `op`). It travels in
 * backups and names a reversal's original in the note the server's journal keeps (fixes.ts), in
 * the journal's one language, English. The English catalogue words a change on screen with this
 * same function (numbers formatted for the locale), so the note and the screen never drift apart.
 */
import type { Op } from '../../protocol/schemas';
import { assertNever } from '../../protocol/assert-never';
import { opItemId } from '../../protocol/op-item';

export function summarize(
  op: Op,
  itemName: string | null,
  count: (n: number) => string = String,
): string {
  const name = itemName ?? opItemId(op) ?? '';
  switch (op.type) {
    case 'adjust':
      return op.delta < 0
        ? `Remove ${count(-op.delta)} from ${name}`
        : `Add ${count(op.delta)} to ${name}`;
    case 'count':
      return `Count ${name}: ${count(op.quantity)}`;
    case 'createItem':
      return `Create ${op.name} with ${count(op.initialQuantity)} on ${op.location}`;
    case 'updateItem':
      return `Edit ${name}`;
    case 'archiveItem':
      return `Archive ${name}`;
    case 'transfer':
      return `Move ${count(op.quantity)} of ${name} from ${op.fromPlaceId} to ${op.toPlaceId}`;
    case 'createPlace':
      return `Create place ${op.name}`;
    case 'updatePlace':
      return `Rename place ${op.placeId} to ${op.changes.name}`;
    case 'archivePlace':
      return `Archive place ${op.placeId}`;
    case 'startStocktake':
      return `Start stock-take ${op.name}`;
    case 'stocktakeCount':
      return `Count ${name} for the stock-take: ${count(op.counted)}`;
    case 'applyStocktake':
      return 'Apply stock-take';
    case 'cancelStocktake':
      return 'Cancel stock-take';
    default:
      return assertNever(op);
  }
}
