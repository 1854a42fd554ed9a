/**
 * What changed since a stale count was made, in the shop's words ("demo sold 3 at 11:02")
 * (docs/client.md). Each history entry carries the item revision right after it: the entries
 * after the count's base revision are those with a later one. A revision can have two entries (a
 * transfer) or none in this list (a change the journal does not show), so revisions are read, not
 * counted. Entries from servers that did not send revisions are counted back from the current
 * revision, one per entry. Revision numbers themselves stay in Technical details.
 */
import { ADJUST_REASONS, type HistoryEntry } from '../protocol/schemas';
import type { Format } from './format';
import type { Messages } from './i18n/en';

/**
 * The entries after `basedOnRevision`, newest first; when the page ends before reaching it, `more`
 * changes (revisions) are not in this page.
 */
export function changesSince(
  entries: readonly HistoryEntry[],
  basedOnRevision: number,
  currentRevision: number,
): { entries: readonly HistoryEntry[]; more: number } {
  const shown: HistoryEntry[] = [];
  /** The revision the next (older) entry has at most. */
  let below = currentRevision;
  for (const entry of entries) {
    const revision = entry.revision ?? below;
    if (revision <= basedOnRevision) return { entries: shown, more: 0 };
    shown.push(entry);
    below = revision - 1;
  }
  return { entries: shown, more: Math.max(0, below - basedOnRevision) };
}

function isAdjustReason(reason: string | null): reason is (typeof ADJUST_REASONS)[number] {
  return (ADJUST_REASONS as readonly (string | null)[]).includes(reason);
}

/** One journal entry as a person says it: who did what, at what time of day (24-hour). */
export function changeWords(entry: HistoryEntry, t: Messages, format: Format): string {
  const words = t.operations.detail.staleChange;
  const time = format.time(Date.parse(entry.recordedAt));
  const amount = format.count(Math.abs(entry.delta));
  const reason = entry.reason;
  if (entry.type === 'adjust' && isAdjustReason(reason)) {
    return words[reason](entry.userName, amount, format.delta(entry.delta), time);
  }
  return words.other(entry.userName, t.entryTypes[entry.type], format.delta(entry.delta), time);
}
