/**
 * Retention rules, pure (spec/api.md "Retention", "Status"). Boundaries are exact: a tombstone is
 * removed only when the clock is STRICTLY later than deadline + grace.
 */
export interface RetentionSettings {
  leaseTtlMs: number;
  receiptTtlMs: number;
  tombstoneGraceMs: number;
  settleMs: number;
}

export function shouldCompact(recordedAt: number, now: number, receiptTtlMs: number): boolean {
  return now > recordedAt + receiptTtlMs;
}

export function shouldRemove(deadline: number, now: number, tombstoneGraceMs: number): boolean {
  return now > deadline + tombstoneGraceMs;
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
