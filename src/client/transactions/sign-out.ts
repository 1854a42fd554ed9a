/**
 * Signing out on a shared device (docs/client.md#shared-phones). Both choices end the session here at once
 * and remember its token until the server confirms it ended, so a sign-out made offline still ends
 * the server session at the next contact:
 * - **Sign out** keeps this person's work for their next sign-in (another person sees it waiting and
 *   cannot send it as their own: the outbox is per user).
 * - **Sign out and remove data from this device** also removes everything of theirs (operations
 *   with their receipts, attempts, leases, the stock-takes kept for them) and this device's copy of
 *   the items and their history, but only once nothing of theirs is left to confirm: removing an unconfirmed change
 *   would lose it without a trace.
 */
import { withoutOperations } from '../core/attempt-rows';
import { isOpen } from '../core/rules';
import type { Tx } from '../store/local-store';
import { clearSession, getMeta } from './meta';
import { dropClaims } from './claims';
import { getOperations } from './record-index';

export type RemoveDataResult =
  | { kind: 'removed' }
  | { kind: 'signed-out' }
  /** Nothing was removed: this many of the person's changes are not confirmed yet. */
  | { kind: 'unconfirmed'; count: number };

/** The tokens of sessions ended on this device that the server may not know ended yet. */
export async function endedSessions(tx: Tx): Promise<string[]> {
  return (await getMeta(tx, 'ended-sessions'))?.tokens ?? [];
}

async function rememberEnded(tx: Tx, token: string): Promise<void> {
  const tokens = await endedSessions(tx);
  if (!tokens.includes(token)) {
    await tx.put('meta', { key: 'ended-sessions', tokens: [...tokens, token] });
  }
}

/** The server confirmed this session is over (or never knew it): nothing left to tell it. */
export async function forgetEndedSession(tx: Tx, token: string): Promise<void> {
  const tokens = (await endedSessions(tx)).filter((t) => t !== token);
  if (tokens.length > 0) await tx.put('meta', { key: 'ended-sessions', tokens });
  else await tx.delete('meta', 'ended-sessions');
}

/** **Sign out**: the session ends here; the person's work stays for their next sign-in. */
export async function signOutKeepingData(tx: Tx): Promise<void> {
  const session = await getMeta(tx, 'session');
  if (!session) return;
  await rememberEnded(tx, session.token);
  await clearSession(tx);
}

/** **Sign out and remove data from this device**, in one transaction: all of it or nothing. */
export async function signOutRemovingData(tx: Tx): Promise<RemoveDataResult> {
  const session = await getMeta(tx, 'session');
  if (!session) return { kind: 'signed-out' };
  const userId = session.user.id;
  const operations = await getOperations(tx, 'byUser', userId);
  const unconfirmed = operations.filter((r) => isOpen(r)).length;
  if (unconfirmed > 0) return { kind: 'unconfirmed', count: unconfirmed };

  for (const record of operations) await tx.delete('operations', record.id);
  // Their attempts' timelines (and any claim left by a sender that is gone) go with them.
  const removed = new Set(operations.map((r) => r.id));
  await dropClaims(tx, [...removed]);
  for (const row of await tx.getAll('attempts')) {
    if (!row.operationIds.some((id) => removed.has(id))) continue;
    const left = withoutOperations(row, removed);
    await (left ? tx.put('attempts', left) : tx.delete('attempts', row.attemptId));
  }
  for (const lease of await tx.getAllFromIndex('leases', 'byUser', userId)) {
    await tx.delete('leases', lease.id);
  }
  // The items are the shop's, not the person's, but a device handed on keeps no copy of them:
  // the next sign-in pulls them whole (signing in needs the server anyway).
  for (const item of await tx.getAll('items')) await tx.delete('items', item.id);
  await tx.delete('meta', 'items');
  await tx.delete('meta', 'stocktakes');
  await tx.delete('meta', 'histories');
  await rememberEnded(tx, session.token);
  await clearSession(tx);
  return { kind: 'removed' };
}
