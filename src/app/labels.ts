/** Words for the adjust reasons and journal entry types. */
import type { AdjustOp, HistoryEntry } from '../protocol/schemas';
import { assertNever } from '../protocol/assert-never';

export const REASON_LABELS: Record<AdjustOp['reason'], string> = {
  received: 'Received',
  sold: 'Sold',
  damaged: 'Damaged',
  returned: 'Returned',
  correction: 'Correction',
  transfer: 'Transfer',
};

export function entryTypeLabel(type: HistoryEntry['type']): string {
  switch (type) {
    case 'adjust':
      return 'Adjustment';
    case 'count':
      return 'Stock count';
    case 'createItem':
      return 'Item created';
    case 'updateItem':
      return 'Details edited';
    case 'archiveItem':
      return 'Item archived';
    default:
      return assertNever(type);
  }
}

export function reasonLabel(reason: string | null): string | null {
  if (reason === null) return null;
  return reason in REASON_LABELS ? REASON_LABELS[reason as AdjustOp['reason']] : reason;
}
