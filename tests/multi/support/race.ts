/**
 * The duplicate race across server processes: every id sent `copies` times at once, the copies
 * spread over the servers. Returns the violations (empty when deduplication holds): per id exactly
 * one 201, every other copy a 200 replay with the same bytes, no 5xx, and every item's quantity
 * and history showing each effect once.
 */
import type { Op } from '../../../src/protocol/schemas';
import { historyIds, items, lease, postOperation, signIn, type Reply } from './client';

const IDS_AT_ONCE = 25;

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
  const plan = Array.from({ length: ids }, (_, i) => {
    const item = before[i % before.length];
    if (!item) throw new Error('unreachable');
    const op: Op = { type: 'adjust', itemId: item.id, delta: 1 + (i % 3), reason: 'received' };
    return { id: `${l.id}.${i}`, lease: token, op };
  });

  const violations: string[] = [];
  for (let start = 0; start < plan.length; start += IDS_AT_ONCE) {
    const chunk = plan.slice(start, start + IDS_AT_ONCE);
    await Promise.all(
      chunk.map(async (body) => {
        const replies = await Promise.all(
          Array.from({ length: copies }, (_, c) =>
            postOperation(urls[c % urls.length] ?? first, session, body),
          ),
        );
        violations.push(...checkCopies(body.id, replies));
      }),
    );
  }

  const after = await items(first, session);
  for (const item of before) {
    const mine = plan.filter((p) => p.op.itemId === item.id);
    const expected =
      item.quantity + mine.reduce((sum, p) => sum + (p.op.type === 'adjust' ? p.op.delta : 0), 0);
    const actual = after.items.find((i) => i.id === item.id)?.quantity;
    if (actual !== expected)
      violations.push(`${item.id}: quantity ${actual}, expected ${expected}`);
    const journal = await historyIds(first, session, item.id);
    const counts = new Map<string, number>();
    journal.forEach((id) => counts.set(id, (counts.get(id) ?? 0) + 1));
    for (const p of mine) {
      const n = counts.get(p.id) ?? 0;
      if (n !== 1) violations.push(`${p.id}: ${n} history entries`);
    }
  }
  return violations;
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
