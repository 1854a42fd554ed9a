/**
 * Fault scenarios shared by the real-server tests and the broken-variant tests: each runs against
 * any server and reports what it saw, and a checker turns that into violations.
 */
import { Receipt } from '../../../src/protocol/schemas';
import type { Api } from './api';
import { receiptEffectViolations } from './checks';
import type { Attempt, Reply } from './http';
import { adjust } from './ops';
import type { LeaseHandle, OpBody } from './ops';
import { iso } from './problem';

export interface LostResponse {
  lease: LeaseHandle;
  itemId: string;
  body: OpBody;
  /** The frozen tester clock when the first attempt committed. */
  firstAt: number;
  first: Attempt;
  retry: Reply;
  startQuantity: number;
  endQuantity: number;
  effects: number;
}

export const ATTEMPT_A = 'attempt-A';
export const ATTEMPT_B = 'attempt-B';

/**
 * Seed 002's decisive fixture: the first POST commits and its response is dropped; the browser
 * gives up (the seed's eleven seconds), then retries the same operation id.
 */
export async function lostResponse(api: Api): Promise<LostResponse> {
  const lease = await api.lease();
  const startQuantity = 10;
  const itemId = await api.newItem(lease, startQuantity, 'lost');
  const firstAt = await api.freezeClock();
  const body = lease.body(adjust(itemId, -2, { note: 'Remove 2 from shelf A' }), {
    createdAt: iso(firstAt),
  });
  await api.fault({ fault: 'drop-response', match: { operationId: body.id } });
  const first = await api.tryPostOp(body, { headers: { 'x-request-id': ATTEMPT_A } });
  await api.advanceClock(11_000);
  const retry = await api.postOp(body, { 'x-request-id': ATTEMPT_B });
  return {
    lease,
    itemId,
    body,
    firstAt,
    first,
    retry,
    startQuantity,
    endQuantity: (await api.item(itemId)).quantity,
    effects: await api.effects(itemId, body.id),
  };
}

export function lostResponseViolations(o: LostResponse): string[] {
  const violations: string[] = [];
  if (o.effects !== 1) violations.push(`${o.effects} effects for one operation`);
  if (o.endQuantity !== o.startQuantity - 2) {
    violations.push(`quantity ${o.endQuantity}, expected ${o.startQuantity - 2}`);
  }
  const receipt = Receipt.safeParse(o.retry.body);
  if (!receipt.success || receipt.data.recordedAt !== iso(o.firstAt)) {
    violations.push(`the retry did not return the original receipt: ${o.retry.text}`);
  }
  return violations;
}

export interface FailBeforeCommit {
  doomed: OpBody;
  /** The first attempt at `doomed` (the transaction rolled back, the connection destroyed). */
  first: Attempt;
  retry: Reply;
  /** receipts == effects, checked after the rollback and again after the retry. */
  violations: string[];
}

/** Three operations, the middle one rolled back before commit by a tester fault, then retried. */
export async function failBeforeCommit(api: Api): Promise<FailBeforeCommit> {
  const lease = await api.lease();
  const start = 10;
  const itemId = await api.newItem(lease, start, 'rollback');
  const ops = [1, 2, 3].map((delta) => lease.body(adjust(itemId, delta)));
  const ids = ops.map((o) => o.id);
  const [before, doomed, after] = ops;
  if (before === undefined || doomed === undefined || after === undefined) throw new Error('ops');
  await api.fault({ fault: 'fail-before-commit', match: { operationId: doomed.id } });
  await api.postOp(before);
  const first = await api.tryPostOp(doomed);
  await api.postOp(after);
  const violations = await receiptEffectViolations(api, lease, itemId, start, ids);
  const retry = await api.postOp(doomed);
  violations.push(...(await receiptEffectViolations(api, lease, itemId, start, ids)));
  return { doomed, first, retry, violations };
}
