import { describe, expect, it } from 'vitest';
import { daysAgo, historyEntry } from '../../../tests/support/client/sample-history';
import { coversWindow, stockEntry } from './stock-history';

describe('fetching back far enough', () => {
  it('asks for older pages until one reaches 90 days before the newest change', () => {
    expect(coversWindow([])).toBe(false);
    expect(coversWindow([historyEntry(1, 1), historyEntry(80, 1)])).toBe(false);
    expect(coversWindow([historyEntry(1, 1), historyEntry(92, 1)])).toBe(true);
    expect(coversWindow([historyEntry(10, 1), historyEntry(99, 1)])).toBe(false);
  });
});

describe('what the device keeps of an entry', () => {
  it('when, how much and where: no name, note or reason', () => {
    const kept = stockEntry(historyEntry(3, -2, { note: 'private', userName: 'alex' }));
    expect(kept).toEqual({
      delta: -2,
      placeId: 'main',
      recordedAt: new Date(daysAgo(3)).toISOString(),
    });
  });
});
