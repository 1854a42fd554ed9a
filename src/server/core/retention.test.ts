import { describe, expect, it } from 'vitest';
import { cleanupCutoffs, retentionProblems, statusWithoutRecord } from './retention';

/** A record is removed / compacted when below the cutoff, as every adapter's SQL reads it. */
const shouldRemove = (deadline: number, now: number, grace: number) =>
  deadline < cleanupCutoffs(now, { receiptTtlMs: 0, tombstoneGraceMs: grace }).removeDeadlineBefore;
const shouldCompact = (recordedAt: number, now: number, ttl: number) =>
  recordedAt <
  cleanupCutoffs(now, { receiptTtlMs: ttl, tombstoneGraceMs: 0 }).compactRecordedBefore;

const MIN = 60_000;

describe('retention boundaries', () => {
  it('removes a tombstone only when strictly later than deadline + grace', () => {
    expect(shouldRemove(20 * MIN, 20 * MIN, 0)).toBe(false);
    expect(shouldRemove(20 * MIN, 20 * MIN + 1, 0)).toBe(true);
    expect(shouldRemove(20 * MIN, 25 * MIN, 5 * MIN)).toBe(false);
  });

  it('compacts a receipt only after its TTL', () => {
    expect(shouldCompact(0, 12 * MIN, 12 * MIN)).toBe(false);
    expect(shouldCompact(0, 12 * MIN + 1, 12 * MIN)).toBe(true);
  });

  it('answers not-yet, never-applied and forgotten at the exact edges', () => {
    const s = { settleMs: 5 * MIN, tombstoneGraceMs: 60 * MIN };
    const d = 100 * MIN;
    expect(statusWithoutRecord(d, d + 5 * MIN, s)).toEqual({ state: 'not-yet', acceptUntil: d });
    expect(statusWithoutRecord(d, d + 5 * MIN + 1, s)).toEqual({ state: 'never-applied' });
    expect(statusWithoutRecord(d, d + 60 * MIN, s)).toEqual({ state: 'never-applied' });
    expect(statusWithoutRecord(d, d + 60 * MIN + 1, s)).toEqual({ state: 'forgotten' });
  });

  it('refuses settings that break the contract', () => {
    const ok = { leaseTtlMs: 20, receiptTtlMs: 12, tombstoneGraceMs: 0, settleMs: 0 };
    expect(retentionProblems(ok)).toEqual([]);
    expect(retentionProblems({ ...ok, receiptTtlMs: 21 })).toHaveLength(1);
    expect(retentionProblems({ ...ok, settleMs: 1 })).toHaveLength(1);
    // Equal is allowed; each problem names the setting to change.
    expect(retentionProblems({ ...ok, receiptTtlMs: 20 })).toEqual([]);
    expect(retentionProblems({ ...ok, receiptTtlMs: 21, settleMs: 1 })).toEqual([
      'RECEIPT_TTL must not exceed LEASE_TTL',
      'SETTLE must not exceed TOMBSTONE_GRACE',
    ]);
  });
});
