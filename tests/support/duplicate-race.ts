/**
 * The duplicate race (docs/testing.md#reliability-suites): every id sent `copies` times at once,
 * the copies spread over the servers (one in tests/api, two processes in tests/multi). The ids mix
 * adjustments (at `main` and at a place of the race's own), transfers from `main` to that place,
 * and count lines of a stock-take of it; the place, the stock-take's start and its apply are raced
 * too. Returns the violations (empty when deduplication holds): per id exactly one 201, every other
 * copy a 200 replay with the same bytes, no 5xx; every effect once in history (a transfer as its
 * two sides), every count line once in the stock-take; each place's quantity what the operations
 * say, the stock-taken place's by the apply rule of src/server/core/stocktake-apply.ts.
 */
import { randomUUID } from 'node:crypto';
import { proposeItem } from '../../src/server/core/stocktake-apply';
import {
  MAIN_PLACE,
  Receipt,
  type HistoryEntry,
  type Item,
  type Op,
} from '../../src/protocol/schemas';
import { history, items, lease, postOperation, signIn, stocktake, type Reply } from './api-client';

const IDS_AT_ONCE = 25;

interface Body {
  id: string;
  lease: string;
  op: Op;
}

/** A raced operation and whether its receipt says applied. */
interface Raced extends Body {
  applied: boolean;
}

/** The i-th raced operation; counts are based on the item revision seen before its chunk. */
function planned(i: number, item: Item, place: string, stocktakeId: string): Op {
  switch (i % 4) {
    case 0:
      return { type: 'adjust', itemId: item.id, delta: 1 + (i % 3), reason: 'received' };
    case 1:
      return {
        type: 'transfer',
        itemId: item.id,
        fromPlaceId: MAIN_PLACE,
        toPlaceId: place,
        quantity: 1 + (i % 2),
      };
    case 2:
      return {
        type: 'stocktakeCount',
        stocktakeId,
        itemId: item.id,
        counted: (i * 7) % 40,
        basedOnRevision: item.revision,
      };
    default:
      return { type: 'adjust', itemId: item.id, delta: 1, reason: 'returned', placeId: place };
  }
}

export async function duplicateRaceViolations(
  urls: string[],
  ids: number,
  copies: number,
): Promise<string[]> {
  const [first] = urls;
  if (!first) throw new Error('no server');
  const session = await signIn(first);
  const { lease: l, token } = await lease(first, session);
  const before = (await items(first, session)).items.slice(0, 4);
  if (before.length === 0) throw new Error('no demo items');
  const tag = `race-${randomUUID().slice(0, 8)}`;
  const body = (seq: number, op: Op): Body => ({ id: `${l.id}.${seq}`, lease: token, op });

  const violations: string[] = [];
  const race = async (b: Body): Promise<Raced> => {
    const replies = await Promise.all(
      Array.from({ length: copies }, (_, c) =>
        postOperation(urls[c % urls.length] ?? first, session, b),
      ),
    );
    violations.push(...checkCopies(b.id, replies));
    const receipt = replies.find((r) => r.status === 201)?.text;
    return {
      ...b,
      applied: receipt !== undefined && Receipt.parse(JSON.parse(receipt)).outcome === 'applied',
    };
  };

  await race(body(ids, { type: 'createPlace', placeId: tag, name: tag }));
  await race(
    body(ids + 1, {
      type: 'startStocktake',
      stocktakeId: tag,
      name: tag,
      placeId: tag,
      blind: false,
      itemIds: before.map((i) => i.id),
    }),
  );
  const plan: Raced[] = [];
  for (let start = 0; start < ids; start += IDS_AT_ONCE) {
    const seen = new Map((await items(first, session)).items.map((i) => [i.id, i]));
    const chunk = Array.from({ length: Math.min(IDS_AT_ONCE, ids - start) }, (_, k) => {
      const i = start + k;
      const item = seen.get(before[Math.floor(i / 4) % before.length]?.id ?? '');
      if (!item) throw new Error('unreachable');
      return body(i, planned(i, item, tag, tag));
    });
    plan.push(...(await Promise.all(chunk.map(race))));
  }
  const apply = body(ids + 2, { type: 'applyStocktake', stocktakeId: tag, uncounted: 'leave' });
  await race(apply);

  const after = await items(first, session);
  const taken = await stocktake(first, session, tag);
  const lines = taken?.lines ?? [];
  if (taken?.status !== 'applied')
    violations.push(`stock-take ${tag} is ${taken?.status ?? 'missing'}, not applied`);
  for (const p of plan.filter((b) => b.op.type === 'stocktakeCount')) {
    const n = lines.filter((line) => line.operationId === p.id).length;
    if (n !== (p.applied ? 1 : 0)) violations.push(`${p.id}: ${n} count lines`);
  }
  for (const item of before) {
    const mine = plan.filter((p) => 'itemId' in p.op && p.op.itemId === item.id);
    const applied = mine.filter((p) => p.applied);
    const journal = await history(first, session, item.id);
    violations.push(...journalViolations(mine, journal, apply.id));
    const stock = new Map(
      after.items.find((i) => i.id === item.id)?.stock?.map((s) => [s.placeId, s.quantity]),
    );
    const start = item.stock?.find((s) => s.placeId === MAIN_PLACE)?.quantity ?? item.quantity;
    const moved = applied.reduce((sum, p) => {
      if (p.op.type === 'transfer') return sum - p.op.quantity;
      if (p.op.type === 'adjust' && p.op.placeId === undefined) return sum + p.op.delta;
      return sum;
    }, 0);
    if (stock.get(MAIN_PLACE) !== start + moved)
      violations.push(`${item.id}: ${stock.get(MAIN_PLACE)} at main, expected ${start + moved}`);
    const expected = appliedQuantity(
      lines.filter((line) => line.itemId === item.id),
      journal.filter((e) => e.placeId === tag && e.operationId !== apply.id),
    );
    if ((stock.get(tag) ?? 0) !== expected)
      violations.push(`${item.id}: ${stock.get(tag)} at ${tag}, the apply rule says ${expected}`);
  }
  return violations;
}

/** What the stock-take made of the place: the rule over its lines and the place's own changes. */
function appliedQuantity(
  lines: readonly { userName: string; itemId: string; counted: number; basedOnRevision: number }[],
  changes: readonly HistoryEntry[],
): number {
  const current = changes.reduce((sum, e) => sum + e.delta, 0);
  return proposeItem(
    lines.map((line) => ({ ...line, userId: line.userName })),
    changes.map((e) => ({ revision: e.revision ?? Number.NaN, delta: e.delta })),
    current,
    'leave',
  ).proposed;
}

/** Each operation's entries in the item's history: an adjustment one, a transfer its two sides. */
function journalViolations(mine: Raced[], journal: HistoryEntry[], applyId: string): string[] {
  const problems: string[] = [];
  const byId = Map.groupBy(journal, (e) => e.operationId);
  for (const p of mine) {
    const entries = byId.get(p.id) ?? [];
    const sides = p.op.type === 'adjust' ? 1 : p.op.type === 'transfer' ? 2 : 0;
    const expected = p.applied ? sides : 0;
    if (entries.length !== expected)
      problems.push(
        `${p.id} (${p.op.type}): ${entries.length} history entries, expected ${expected}`,
      );
    if (p.op.type === 'transfer' && entries.length === 2) {
      const seen = entries.map((e) => `${e.placeId} ${e.delta}`).sort();
      const q = p.op.quantity;
      if (seen.join() !== [`${MAIN_PLACE} ${-q}`, `${p.op.toPlaceId} ${q}`].sort().join())
        problems.push(`${p.id}: transfer sides ${seen.join(', ')}`);
    }
  }
  const applied = byId.get(applyId)?.length ?? 0;
  if (applied > 1) problems.push(`${applyId} (applyStocktake): ${applied} entries on one item`);
  return problems;
}

function checkCopies(id: string, replies: Reply[]): string[] {
  const problems: string[] = [];
  const created = replies.filter((r) => r.status === 201).length;
  if (created !== 1) problems.push(`${id}: ${created} copies answered 201`);
  for (const r of replies) {
    if (r.status >= 500) problems.push(`${id}: HTTP ${r.status} ${r.text.slice(0, 200)}`);
    if (r.status === 200 && r.headers.get('idempotent-replayed') !== 'true') {
      problems.push(`${id}: a 200 without Idempotent-Replayed`);
    }
    if (r.status !== 200 && r.status !== 201) problems.push(`${id}: HTTP ${r.status}`);
  }
  if (new Set(replies.map((r) => r.text)).size !== 1)
    problems.push(`${id}: copies got different bodies`);
  return problems;
}
