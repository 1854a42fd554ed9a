/**
 * The stock-take apply rule (docs/http-api.md "Stock-takes"), pure: from the count lines of one
 * item and the changes recorded at the stock-take's place, what the item's quantity there becomes.
 *
 * - A person's later line for an item replaces their earlier one (a recount).
 * - The lines of different people add up (they counted different shelves).
 * - Every change recorded at the place after the revision its counters saw is kept on top, so a
 *   sale made while people counted is not lost, and a count made offline is never undone by a sale
 *   recorded before it reached the server.
 *
 * With several counters who saw different revisions, a change is kept when it came after the
 * EARLIEST revision among their lines: a sale is never lost (a change between two counters'
 * revisions might have come off a shelf that was already counted; which shelf it was is not
 * known, and losing a sale is the worse mistake).
 */

/** One `stocktakeCount` line as stored, in the order the server recorded them. */
export interface CountLine {
  userId: string;
  itemId: string;
  counted: number;
  basedOnRevision: number;
}

/** One change of the item's quantity at the stock-take's place: its delta and the item revision after it. */
export interface PlaceChange {
  revision: number;
  delta: number;
}

export interface ItemProposal {
  /** Sum of each counter's latest line; null when nobody counted the item. */
  counted: number | null;
  /** The sum of changes recorded at the place after the revision its counters saw. */
  changesSince: number;
  /** The item's quantity at the place now. */
  current: number;
  /** What applying makes of it. */
  proposed: number;
}

export type Uncounted = 'leave' | 'zero';

/** Each person's latest line (lines in recording order): a recount replaces the person's own. */
export function latestPerPerson<L extends CountLine>(lines: readonly L[]): L[] {
  const byPerson = new Map<string, L>();
  for (const line of lines) byPerson.set(line.userId, line);
  return [...byPerson.values()];
}

/** The revision after which changes are kept: the earliest any counter saw; null when uncounted. */
export function countedFromRevision(lines: readonly CountLine[]): number | null {
  const latest = latestPerPerson(lines);
  if (latest.length === 0) return null;
  return Math.min(...latest.map((l) => l.basedOnRevision));
}

/**
 * One item: `lines` are this item's count lines in recording order, `changes` every change at the
 * place recorded after `countedFromRevision(lines)` (more are ignored by revision, so an adapter may
 * pass all of them).
 */
export function proposeItem(
  lines: readonly CountLine[],
  changes: readonly PlaceChange[],
  current: number,
  uncounted: Uncounted,
): ItemProposal {
  const from = countedFromRevision(lines);
  if (from === null) {
    return {
      counted: null,
      changesSince: 0,
      current,
      proposed: uncounted === 'zero' ? 0 : current,
    };
  }
  const counted = latestPerPerson(lines).reduce((sum, l) => sum + l.counted, 0);
  const changesSince = changes
    .filter((c) => c.revision > from)
    .reduce((sum, c) => sum + c.delta, 0);
  return { counted, changesSince, current, proposed: counted + changesSince };
}
