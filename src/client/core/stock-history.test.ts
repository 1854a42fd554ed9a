import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../protocol/schemas';
import { coversWindow, stockEntry } from './stock-history';

const DAY = 86_400_000;
const NOW = Date.parse('2026-12-06T12:00:00Z');
const daysAgo = (n: number) => NOW - n * DAY;

let seq = 0;
/** A history entry `n` days ago (newest first is the caller's order, as the server pages). */
function entry(ago: number, delta: number, more: Partial<HistoryEntry> = {}): HistoryEntry {
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

describe('fetching back far enough', () => {
  it('asks for older pages until one reaches 90 days before the newest change', () => {
    expect(coversWindow([])).toBe(false);
    expect(coversWindow([entry(1, 1), entry(80, 1)])).toBe(false);
    expect(coversWindow([entry(1, 1), entry(92, 1)])).toBe(true);
    expect(coversWindow([entry(10, 1), entry(99, 1)])).toBe(false);
  });
});

describe('what the device keeps of an entry', () => {
  it('when, how much and where: no name, note or reason', () => {
    const kept = stockEntry(entry(3, -2, { note: 'private', userName: 'alex' }));
    expect(kept).toEqual({
      delta: -2,
      placeId: 'main',
      recordedAt: new Date(daysAgo(3)).toISOString(),
    });
  });
});
