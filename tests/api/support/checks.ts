/**
 * The safety checkers ("nothing doubled, nothing falsely confirmed"). Each returns a list of
 * violations, empty when the invariant holds. The same functions judge the real server and the
 * deliberately broken variants, which proves they can see what they claim to guard.
 */
import { OperationStatus } from '../../../src/protocol/schemas';
import type { Api } from './api';
import type { LeaseHandle } from './ops';

/** Operation id → number of applied effects in the business journal of these items. */
export async function effectCounts(
  api: Api,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const itemId of new Set(itemIds)) {
    for (const entry of await api.history(itemId)) {
      counts.set(entry.operationId, (counts.get(entry.operationId) ?? 0) + 1);
    }
  }
  return counts;
}

/** Ids whose effect count is not exactly `expected` (1 for an operation that was applied). */
export function effectViolations(
  counts: ReadonlyMap<string, number>,
  ids: readonly string[],
  expected = 1,
): string[] {
  return ids
    .map((id) => ({ id, n: counts.get(id) ?? 0 }))
    .filter(({ n }) => n !== expected)
    .map(({ id, n }) => `${id}: ${n} effects (expected ${expected})`);
}

/**
 * Operations that must each have applied exactly once, on items that started at 0: violations are
 * ids without exactly one effect, and items whose quantity is not the sum of their deltas.
 */
export async function appliedOnceViolations(
  api: Api,
  itemIds: readonly string[],
  applied: readonly { id: string; itemId: string; delta: number }[],
): Promise<string[]> {
  const violations = effectViolations(
    await effectCounts(api, itemIds),
    applied.map((a) => a.id),
  );
  for (const itemId of itemIds) {
    const expected = applied.filter((a) => a.itemId === itemId).reduce((n, a) => n + a.delta, 0);
    const quantity = (await api.item(itemId)).quantity;
    if (quantity !== expected) violations.push(`${itemId}: quantity ${quantity} ≠ ${expected}`);
  }
  return violations;
}

/**
 * receipts == effects: an operation has an `applied` receipt exactly when the journal holds one
 * effect for it, and no effect when it has no receipt or a rejected/review one. Also checks the
 * item's quantity equals its starting quantity plus the deltas of the applied receipts.
 */
export async function receiptEffectViolations(
  api: Api,
  lease: LeaseHandle,
  itemId: string,
  startQuantity: number,
  ids: readonly string[],
): Promise<string[]> {
  const counts = await effectCounts(api, [itemId]);
  const violations: string[] = [];
  let expectedQuantity = startQuantity;
  for (const id of ids) {
    const reply = await api.status(id, lease.token);
    const status = OperationStatus.safeParse(reply.body);
    if (reply.status !== 200 || !status.success) {
      violations.push(`${id}: status endpoint answered ${reply.status} ${reply.text}`);
      continue;
    }
    const applied = status.data.state === 'processed' && status.data.receipt.outcome === 'applied';
    if (status.data.state === 'processed' && applied) expectedQuantity += status.data.receipt.delta;
    const effects = counts.get(id) ?? 0;
    if ((applied ? 1 : 0) !== effects) {
      const receipt = status.data.state === 'processed' ? status.data.receipt.outcome : 'no';
      violations.push(`receipts ≠ effects: ${id} has ${receipt} receipt and ${effects} effects`);
    }
  }
  const quantity = (await api.item(itemId)).quantity;
  if (quantity !== expectedQuantity) {
    violations.push(`quantity ${quantity} ≠ start + applied deltas ${expectedQuantity}`);
  }
  return violations;
}
