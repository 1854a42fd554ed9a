import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../protocol/schemas';
import { makeFormat } from './format';
import { de } from './i18n/de';
import { en } from './i18n/en';
import { changeWords, changesSince } from './stale-count-changes';

function entry(
  n: number,
  over: Partial<HistoryEntry> & Pick<HistoryEntry, 'delta' | 'recordedAt'>,
): HistoryEntry {
  return {
    operationId: `op-${n}`,
    userName: 'demo',
    type: 'adjust',
    resultingQuantity: 10,
    reason: 'sold',
    note: null,
    ...over,
  };
}

const at = (revision: number) => ({ recordedAt: '2026-12-02T11:00:00Z', revision });

// A journal from a server that sends no revisions, newest first: created at revision 1, received at 2, sold at 3 and 4.
const journal: HistoryEntry[] = [
  entry(4, { delta: -1, recordedAt: '2026-12-02T11:05:00Z', userName: 'Aylin' }),
  entry(3, { delta: -3, recordedAt: '2026-12-02T11:02:00Z' }),
  entry(2, { delta: 5, reason: 'received', recordedAt: '2026-12-02T10:40:00Z' }),
  entry(1, {
    type: 'createItem',
    delta: 20,
    reason: 'created',
    recordedAt: '2026-12-02T09:00:00Z',
  }),
];

describe('what changed since a stale count', () => {
  it('picks exactly the entries after the base revision, newest first', () => {
    expect(changesSince(journal, 2, 4).entries.map((e) => e.operationId)).toEqual(['op-4', 'op-3']);
    expect(changesSince(journal, 3, 4)).toEqual({ entries: [journal[0]], more: 0 });
    expect(changesSince(journal, 4, 4)).toEqual({ entries: [], more: 0 });
    // More changes than the page holds: the rest are counted, never guessed.
    expect(changesSince(journal.slice(0, 2), 0, 4)).toEqual({
      entries: journal.slice(0, 2),
      more: 2,
    });
  });

  it('reads the revision of each entry: a transfer is one change with two entries', () => {
    // Revision 3 is a transfer (two entries), revision 5 was a change this list does not show.
    const withRevisions: HistoryEntry[] = [
      entry(6, { delta: -1, recordedAt: '2026-12-02T11:20:00Z', revision: 6 }),
      entry(4, { delta: -2, recordedAt: '2026-12-02T11:10:00Z', revision: 4 }),
      entry(3, { type: 'transfer', delta: 4, reason: 'transfer', placeId: 'back', ...at(3) }),
      entry(3, { type: 'transfer', delta: -4, reason: 'transfer', placeId: 'main', ...at(3) }),
      entry(2, { delta: 5, reason: 'received', recordedAt: '2026-12-02T10:40:00Z', revision: 2 }),
    ];
    const ids = (based: number) =>
      changesSince(withRevisions, based, 6).entries.map((e) => `${e.operationId} ${e.delta}`);
    expect(ids(2)).toEqual(['op-6 -1', 'op-4 -2', 'op-3 4', 'op-3 -4']);
    expect(ids(3)).toEqual(['op-6 -1', 'op-4 -2']);
    expect(ids(4)).toEqual(['op-6 -1']);
    expect(changesSince(withRevisions, 2, 6).more).toBe(0);
    // The page ends at revision 4: revisions 3 and 2 are changes not in it.
    expect(changesSince(withRevisions.slice(0, 2), 1, 6)).toEqual({
      entries: withRevisions.slice(0, 2),
      more: 2,
    });
  });

  it('words each entry as the shop says it, with a 24-hour time and no revision numbers', () => {
    const english = makeFormat('en-GB', en.format, 'UTC');
    const german = makeFormat('de-DE', de.format, 'UTC');
    const words = changesSince(journal, 1, 4).entries.map((e) => changeWords(e, en, english));
    expect(words).toEqual([
      'Aylin sold 1 at 11:05',
      'demo sold 3 at 11:02',
      'demo received 5 at 10:40',
    ]);
    expect(words.join(' ')).not.toMatch(/revision/i);
    expect(changeWords(journal[1] as HistoryEntry, de, german)).toBe(
      'demo hat um 11:02 3 verkauft',
    );
    const late = entry(5, { delta: -2, reason: 'sold', recordedAt: '2026-12-02T23:10:00Z' });
    expect(changeWords(late, en, english)).toBe('demo sold 2 at 23:10');
    expect(changeWords(journal[3] as HistoryEntry, en, english)).toBe(
      'demo: Item created +20 at 09:00',
    );
  });
});
