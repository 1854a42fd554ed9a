/**
 * The claims record (`meta` key `claims`, core/claims.ts): read, added to when an attempt is
 * claimed, taken from when it settles or goes back.
 */
import {
  indexClaims,
  withClaimed,
  withoutClaimed,
  type Claim,
  type ClaimIndex,
} from '../core/claims';
import type { AttemptStart } from '../core/attempt-rows';
import type { Tx } from '../store/local-store';
import { getMeta } from './meta';

async function storedClaims(tx: Tx): Promise<readonly Claim[]> {
  return (await getMeta(tx, 'claims'))?.claims ?? [];
}

export async function readClaims(tx: Tx): Promise<ClaimIndex> {
  return indexClaims(await storedClaims(tx));
}

/** The operations of `userId` that claims list. */
export async function claimedIds(tx: Tx, userId: string): Promise<string[]> {
  return (await storedClaims(tx)).flatMap((c) => (c.userId === userId ? c.ids : []));
}

/** Record that these operations of `userId` start `attempt` (one put, however many). */
export async function addClaims(
  tx: Tx,
  userId: string,
  attempt: AttemptStart,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const claims = withClaimed(await storedClaims(tx), userId, attempt, ids);
  await tx.put('meta', { key: 'claims', claims });
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
  const stored = await storedClaims(tx);
  const claims = withoutClaimed(stored, new Set(ids), attemptId);
  if (claims === stored) return;
  await (claims.length === 0
    ? tx.delete('meta', 'claims')
    : tx.put('meta', { key: 'claims', claims }));
}
