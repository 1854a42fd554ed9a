/**
 * The claims record (`meta` key `claims`, core/claims.ts): read, added to when an attempt is
 * claimed, taken from when it settles or goes back.
 */
import { indexClaims, withClaimed, withoutClaimed, type ClaimIndex } from '../core/claims';
import type { AttemptStart } from '../core/attempt-rows';
import type { Tx } from '../store/local-store';
import { getMeta } from './meta';

export async function readClaims(tx: Tx): Promise<ClaimIndex> {
  return indexClaims((await getMeta(tx, 'claims'))?.claims ?? []);
}

/** The operations of `userId` that claims list. */
export async function claimedIds(tx: Tx, userId: string): Promise<string[]> {
  const claims = (await getMeta(tx, 'claims'))?.claims ?? [];
  return claims.flatMap((c) => (c.userId === userId ? c.ids : []));
}

/** Record that these operations of `userId` start `attempt` (one put, however many). */
export async function addClaims(
  tx: Tx,
  userId: string,
  attempt: AttemptStart,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const claims = (await getMeta(tx, 'claims'))?.claims ?? [];
  await tx.put('meta', { key: 'claims', claims: withClaimed(claims, userId, attempt, ids) });
}

/**
 * Take these operations off the claims (of `attemptId`'s claim only, if given): their attempt
 * settled, never left, or its sender is gone.
 */
export async function dropClaims(
  tx: Tx,
  ids: readonly string[],
  attemptId?: string,
): Promise<void> {
  const stored = await getMeta(tx, 'claims');
  if (!stored || ids.length === 0) return;
  const claims = withoutClaimed(stored.claims, new Set(ids), attemptId);
  if (claims.length === stored.claims.length && claims.every((c, i) => c === stored.claims[i])) {
    return;
  }
  await (claims.length === 0
    ? tx.delete('meta', 'claims')
    : tx.put('meta', { key: 'claims', claims }));
}
