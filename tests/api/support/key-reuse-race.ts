/**
 * docs/testing.md#reliability-suites, "same id, different content": for each pair, two different operations under one id are
 * sent at the same moment. Exactly one may apply; the other must be refused as `key-reused`
 * (docs/api.md#order-of-checks step 5), never applied beside it, never a 5xx. Afterwards both
 * contents are sent again: the winner replays its receipt byte for byte, the loser is refused
 * again.
 */
import { Problem, Receipt } from '../../../src/protocol/schemas';
import type { Api } from './api';
import { appliedOnceViolations } from './checks';
import type { Reply } from './http';
import { adjust } from './ops';
import type { OpBody } from './ops';

/** One id's contest: which content won and the winning receipt as first sent. */
interface Contest {
  id: string;
  winner: OpBody | null;
  loser: OpBody | null;
  receipt: string | null;
}

export async function keyReuseRaceViolations(api: Api, pairs: number): Promise<string[]> {
  const lease = await api.lease();
  const items: string[] = [];
  for (let i = 0; i < Math.min(10, pairs); i += 1) items.push(await api.newItem(lease, 0, 'reuse'));
  const violations: string[] = [];
  const contests: Contest[] = [];
  const WAVE = 25;
  for (let start = 0; start < pairs; start += WAVE) {
    const wave = Array.from({ length: Math.min(WAVE, pairs - start) }, (_, k) => {
      const itemId = items[(start + k) % items.length] ?? '';
      const a = lease.body(adjust(itemId, 1, { note: 'first content' }));
      const b: OpBody = { ...a, op: adjust(itemId, 2, { note: 'second content' }) };
      return [a, b] as const;
    });
    const replies = await Promise.all(
      wave.map(([a, b]) => Promise.all([api.postOp(a), api.postOp(b)])),
    );
    for (const [k, [a, b]] of wave.entries()) {
      const [ra, rb] = replies[k] ?? [];
      if (ra === undefined || rb === undefined) continue;
      const contest = judge(a, b, ra, rb);
      violations.push(...contest.violations);
      contests.push(contest);
    }
  }
  for (const c of contests) {
    if (c.winner === null || c.loser === null) continue;
    const again = await api.postOp(c.winner);
    if (again.status !== 200 || again.text !== c.receipt) {
      violations.push(`${c.id}: the winner's resend got ${again.status} ${again.text}`);
    }
    const refused = await api.postOp(c.loser);
    if (problemCode(refused) !== 'key-reused') {
      violations.push(`${c.id}: the loser's resend got ${refused.status} ${refused.text}`);
    }
  }
  const applied = contests.flatMap((c) =>
    c.winner?.op.type === 'adjust'
      ? [{ id: c.id, itemId: String(c.winner.op.itemId), delta: Number(c.winner.op.delta) }]
      : [],
  );
  violations.push(...(await appliedOnceViolations(api, items, applied)));
  return violations;
}

function judge(a: OpBody, b: OpBody, ra: Reply, rb: Reply): Contest & { violations: string[] } {
  const none = { id: a.id, winner: null, loser: null, receipt: null };
  const statuses = `${ra.status},${rb.status}`;
  const [winner, loser, won, lost] =
    ra.status === 201 ? [a, b, ra, rb] : rb.status === 201 ? [b, a, rb, ra] : [];
  if (winner === undefined || loser === undefined || won === undefined || lost === undefined) {
    return { ...none, violations: [`${a.id}: statuses ${statuses}, expected one 201`] };
  }
  if (problemCode(lost) !== 'key-reused') {
    return { ...none, violations: [`${a.id}: statuses ${statuses}, the other is not key-reused`] };
  }
  const receipt = Receipt.safeParse(won.body);
  const delta = winner.op.type === 'adjust' ? winner.op.delta : null;
  if (!receipt.success || receipt.data.delta !== delta) {
    return { ...none, violations: [`${a.id}: the 201 is not the winner's receipt: ${won.text}`] };
  }
  return { id: a.id, winner, loser, receipt: won.text, violations: [] };
}

function problemCode(reply: Reply): string | null {
  const problem = Problem.safeParse(reply.body);
  return problem.success && problem.data.status === reply.status ? problem.data.code : null;
}
