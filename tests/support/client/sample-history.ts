/**
 * Test support: an item's history entries as the client's tests use them, one shape for every
 * suite: entries dated `n` days before NOW (`more` changes the fields a test is about).
 * Imported by tests only.
 */
import type { HistoryEntry } from '../../../src/protocol/schemas';

const DAY = 86_400_000;
export const NOW = Date.parse('2026-12-06T12:00:00Z');
export const daysAgo = (n: number) => NOW - n * DAY;

let seq = 0;
/** A history entry `n` days ago (newest first is the caller's order, as the server pages). */
export function historyEntry(
  ago: number,
  delta: number,
  more: Partial<HistoryEntry> = {},
): HistoryEntry {
  seq += 1;
  return {
    operationId: `L1.${seq}`,
    userName: 'demo',
    type: 'adjust',
    delta,
    resultingQuantity: 0,
    reason: 'sold',
    note: null,
    recordedAt: new Date(daysAgo(ago)).toISOString(),
    placeId: 'main',
    placeQuantity: 0,
    ...more,
  };
}
