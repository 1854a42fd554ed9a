/**
 * Claims: attempts recorded before they are sent, as ONE record for all the sender's claims
 * (`meta` key `claims`), not a put per operation. An operation a claim lists is read as that
 * attempt started (`sending`, or `checking` for a status check or a resend): its stored record
 * changes only when the attempt settles, in the same transaction that takes it off the list.
 * Every read of operations applies the claims (transactions/record-index.ts, transactions/view.ts),
 * so what is claimed is in flight to every reader, and never cancellable.
 */
import type { AttemptStart } from './attempt-rows';
import { DEFAULT_BACKOFF } from './retry-policy';
import { next, type OpEvent, type StoredOpState } from './operation-state';
import type { OperationRecord } from './records';

/** One attempt's claim: the operations of `userId` it carries. */
export interface Claim extends AttemptStart {
  userId: string;
  ids: string[];
}

/** Each claimed operation's attempt. */
export type ClaimIndex = ReadonlyMap<string, AttemptStart>;

export function startEvent(attempt: AttemptStart): OpEvent {
  return attempt.kind === 'send'
    ? { type: 'send-started', attemptId: attempt.attemptId, at: attempt.at }
    : { type: 'status-started', attemptId: attempt.attemptId, at: attempt.at };
}

/**
 * The record with this attempt started; null when its state may not start it (settled,
 * resolved, already in flight). A send counts in `sendAttempts`, which freezes the id.
 */
export function started(record: OperationRecord, attempt: AttemptStart): OperationRecord | null {
  if (record.resolution !== null) return null;
  // Starting an attempt never backs off: the policy plays no part.
  const state = next(record.state, startEvent(attempt), DEFAULT_BACKOFF);
  if (state === record.state || state.kind === 'finishing') return null;
  const stored: StoredOpState = state;
  return {
    ...record,
    state: stored,
    sendAttempts: record.sendAttempts + (attempt.kind === 'send' ? 1 : 0),
  };
}

export function indexClaims(claims: readonly Claim[]): ClaimIndex {
  const index = new Map<string, AttemptStart>();
  for (const { attemptId, kind, at, ids } of claims) {
    for (const id of ids) index.set(id, { attemptId, kind, at });
  }
  return index;
}

/** The record as every reader sees it: with its claim's attempt started, if one lists it. */
export function asClaimed(record: OperationRecord, claims: ClaimIndex): OperationRecord {
  const attempt = claims.get(record.id);
  return (attempt && started(record, attempt)) ?? record;
}

/** The claims with these operations of `userId` added to this attempt's (made if new). */
export function withClaimed(
  claims: readonly Claim[],
  userId: string,
  attempt: AttemptStart,
  ids: readonly string[],
): Claim[] {
  const found = claims.some((c) => c.attemptId === attempt.attemptId);
  if (!found) return [...claims, { ...attempt, userId, ids: [...ids] }];
  return claims.map((c) =>
    c.attemptId === attempt.attemptId ? { ...c, ids: [...c.ids, ...ids] } : c,
  );
}

/**
 * The claims without these operations (of this attempt's claim only, if given); one left empty
 * goes. The same array when none of them is claimed.
 */
export function withoutClaimed(
  claims: readonly Claim[],
  ids: ReadonlySet<string>,
  attemptId?: string,
): readonly Claim[] {
  const kept = (c: Claim) => attemptId !== undefined && c.attemptId !== attemptId;
  if (claims.every((c) => kept(c) || !c.ids.some((id) => ids.has(id)))) return claims;
  return claims.flatMap((c) => {
    if (kept(c)) return [c];
    const left = c.ids.filter((id) => !ids.has(id));
    return left.length === 0 ? [] : [{ ...c, ids: left }];
  });
}
