import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proposeItem, type CountLine, type PlaceChange } from './stocktake-apply';

/**
 * A model of one item during a stock-take: a plain replay of what happened, in order. Every event
 * moves the item's revision; sales and transfers at the stock-taken place change its quantity
 * there; a counter records a line based on a revision they saw (the current one, or an older one
 * when their phone was offline). The model answers from snapshots of the place's quantity per
 * revision, never from a sum of deltas, so it checks the rule by a different route.
 */
type Event =
  | { kind: 'sale'; quantity: number }
  | { kind: 'transfer-in'; quantity: number }
  | { kind: 'transfer-out'; quantity: number }
  | { kind: 'elsewhere' }
  | { kind: 'count'; person: number; counted: number; lag: number };

const PEOPLE = ['ana', 'ben', 'cem'] as const;

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), quantity: fc.integer({ min: 1, max: 5 }) }),
  fc.record({
    kind: fc.constant('transfer-in' as const),
    quantity: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({
    kind: fc.constant('transfer-out' as const),
    quantity: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({ kind: fc.constant('elsewhere' as const) }),
  // Counts twice as often as the rest: recounts by the same person come up in most runs.
  ...[0, 1].map(() =>
    fc.record({
      kind: fc.constant('count' as const),
      person: fc.integer({ min: 0, max: PEOPLE.length - 1 }),
      counted: fc.integer({ min: 0, max: 50 }),
      lag: fc.integer({ min: 0, max: 4 }),
    }),
  ),
);

interface Run {
  lines: CountLine[];
  changes: PlaceChange[];
  current: number;
  /** The place's quantity right after each revision (index = revision). */
  quantityAt: number[];
  lastCount: Map<string, { counted: number; seen: number }>;
}

function replay(start: number, events: readonly Event[]): Run {
  const quantityAt = [start];
  const lines: CountLine[] = [];
  const changes: PlaceChange[] = [];
  const lastCount = new Map<string, { counted: number; seen: number }>();
  let current = start;
  const step = (delta: number) => {
    current += delta;
    quantityAt.push(current);
    if (delta !== 0) changes.push({ revision: quantityAt.length - 1, delta });
  };
  for (const e of events) {
    switch (e.kind) {
      case 'sale':
        step(-e.quantity);
        break;
      case 'transfer-in':
        step(e.quantity);
        break;
      case 'transfer-out':
        step(-e.quantity);
        break;
      case 'elsewhere':
        step(0);
        break;
      case 'count': {
        const userId = PEOPLE[e.person] ?? 'ana';
        const seen = Math.max(0, quantityAt.length - 1 - e.lag);
        lines.push({ userId, itemId: 'lamp', counted: e.counted, basedOnRevision: seen });
        lastCount.set(userId, { counted: e.counted, seen });
        break;
      }
    }
  }
  return { lines, changes, current, quantityAt, lastCount };
}

/** The model's answer: each person's last count, and the place's movement since the earliest seen. */
function modelProposal(run: Run): number | null {
  const counts = [...run.lastCount.values()];
  if (counts.length === 0) return null;
  const seen = Math.min(...counts.map((c) => c.seen));
  const movedSince = run.current - (run.quantityAt[seen] ?? 0);
  return counts.reduce((sum, c) => sum + c.counted, 0) + movedSince;
}

const start = fc.integer({ min: 0, max: 40 });
const events = fc.array(event, { maxLength: 40 });

describe('the stock-take apply rule', () => {
  it('agrees with a replay of counts, recounts, sales and transfers from several people', () => {
    fc.assert(
      fc.property(start, events, fc.constantFrom('leave' as const, 'zero' as const), (s, es, u) => {
        const run = replay(s, es);
        const got = proposeItem(run.lines, run.changes, run.current, u);
        const want = modelProposal(run);
        if (want === null) {
          expect(got).toEqual({
            counted: null,
            changesSince: 0,
            current: run.current,
            proposed: u === 'zero' ? 0 : run.current,
          });
        } else {
          expect(got.proposed).toBe(want);
          expect(got.current).toBe(run.current);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('lands on the true quantity when the people split the place and counted it as they saw it', () => {
    // Several people count disjoint shelves at one revision (the counts add up to the place's
    // quantity then); sales and transfers go on before and after, and the lines reach the server
    // in any order. Whatever was recorded after that revision is kept: the result is what is there.
    fc.assert(
      fc.property(
        start,
        events,
        events,
        fc.array(fc.nat({ max: 100 }), { minLength: 1, maxLength: PEOPLE.length }),
        (s, before, after, weights) => {
          const moves = (es: Event[]) => es.filter((e) => e.kind !== 'count');
          const head = replay(s, moves(before));
          const seen = head.quantityAt.length - 1;
          const split = splitInto(Math.max(0, head.current), weights);
          const tail = replay(head.current, moves(after));
          const changes = [
            ...head.changes,
            ...tail.changes.map((c) => ({ ...c, revision: c.revision + seen })),
          ];
          const lines = split.map((counted, i) => ({
            userId: PEOPLE[i] ?? 'ana',
            itemId: 'lamp',
            counted,
            basedOnRevision: seen,
          }));
          const got = proposeItem(lines.reverse(), changes, tail.current, 'leave');
          expect(got.proposed).toBe(Math.max(0, head.current) + (tail.current - head.current));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("replaces a person's own count, and adds up different people's", () => {
    const line = (userId: string, counted: number): CountLine => ({
      userId,
      itemId: 'lamp',
      counted,
      basedOnRevision: 3,
    });
    expect(proposeItem([line('ana', 5), line('ana', 7)], [], 9, 'leave').proposed).toBe(7);
    expect(proposeItem([line('ana', 5), line('ben', 7)], [], 9, 'leave').proposed).toBe(12);
    expect(
      proposeItem([line('ana', 5), line('ben', 7), line('ana', 1)], [], 9, 'leave').proposed,
    ).toBe(8);
  });

  it('keeps changes recorded after the revision the counters saw, and only those', () => {
    const lines: CountLine[] = [{ userId: 'ana', itemId: 'lamp', counted: 10, basedOnRevision: 4 }];
    const changes = [
      { revision: 4, delta: -3 },
      { revision: 5, delta: -2 },
      { revision: 7, delta: 6 },
    ];
    expect(proposeItem(lines, changes, 99, 'zero')).toEqual({
      counted: 10,
      changesSince: 4,
      current: 99,
      proposed: 14,
    });
  });
});

/** `total` split in proportion to `weights`, the rounding left to the first share. */
function splitInto(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  shares[0] = (shares[0] ?? 0) + total - shares.reduce((a, b) => a + b, 0);
  return shares;
}
