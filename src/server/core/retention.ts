/**
 * Retention rules, pure (docs/api.md#retention, "Status"). Boundaries are exact: a tombstone is
 * removed only when the clock is STRICTLY later than deadline + grace.
 */
export interface RetentionSettings {
  leaseTtlMs: number;
  receiptTtlMs: number;
  tombstoneGraceMs: number;
  settleMs: number;
}

/**
 * The cleanup's cutoffs, the one statement of the boundary that every adapter uses in SQL:
 * compact a receipt when `recordedAt < compactRecordedBefore` (now > recordedAt + TTL), remove a
 * record when `deadline < removeDeadlineBefore` (now > deadline + grace). At exactly the boundary
 * the record is kept.
 */
export function cleanupCutoffs(
  now: number,
  policy: { receiptTtlMs: number; tombstoneGraceMs: number },
): { compactRecordedBefore: number; removeDeadlineBefore: number } {
  return {
    compactRecordedBefore: now - policy.receiptTtlMs,
    removeDeadlineBefore: now - policy.tombstoneGraceMs,
  };
}

export type UnknownIdState =
  { state: 'not-yet'; acceptUntil: number } | { state: 'never-applied' } | { state: 'forgotten' };

/** What the server can say about an id it has no record of. */
export function statusWithoutRecord(
  deadline: number,
  now: number,
  s: Pick<RetentionSettings, 'settleMs' | 'tombstoneGraceMs'>,
): UnknownIdState {
  if (now <= deadline + s.settleMs) return { state: 'not-yet', acceptUntil: deadline };
  if (now <= deadline + s.tombstoneGraceMs) return { state: 'never-applied' };
  return { state: 'forgotten' };
}

/** Checked at start: the server refuses to run with settings that break the contract. */
export function retentionProblems(s: RetentionSettings): string[] {
  const problems: string[] = [];
  if (s.receiptTtlMs > s.leaseTtlMs) problems.push('RECEIPT_TTL must not exceed LEASE_TTL');
  if (s.settleMs > s.tombstoneGraceMs) problems.push('SETTLE must not exceed TOMBSTONE_GRACE');
  return problems;
}
