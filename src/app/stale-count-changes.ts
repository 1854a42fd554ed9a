/**
 * What changed since a stale count was made, in the shop's words ("demo sold 3 at 11:02")
 * (docs/client.md). Every applied change to an item moves its revision by exactly one and
 * writes one journal entry, so the entries after the count's base revision are the newest
 * `current − based` entries of the history (newest first). Revision numbers themselves stay in
 * Technical details.
 */
import { ADJUST_REASONS, type HistoryEntry } from '../protocol/schemas';
import type { Format } from './format';
import type { Messages } from './i18n/en';

/** The entries after `basedOnRevision`, newest first; `more` of them are not in this page. */
export function changesSince(
  entries: readonly HistoryEntry[],
  basedOnRevision: number,
  currentRevision: number,
): { entries: readonly HistoryEntry[]; more: number } {
  const since = Math.max(0, currentRevision - basedOnRevision);
  const shown = entries.slice(0, since);
  return { entries: shown, more: since - shown.length };
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
