/**
 * After a server restore (docs/client.md#after-a-server-restore): which
 * answers mean another database, which confirmed operations are asked about, and the life of one
 * such operation in the reducer: asked (read-only), confirmed again when processed, otherwise in
 * review with **Send again**, which sends the same id only when the person asks.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF } from './retry-policy';
import { explanationOf, operationReason } from './labels';
import { awaitsStatus, next, type OpEvent, type OpState } from './operation-state';
import { operationView } from './operation-view';
import { mayBeLost, meetEpoch, RESTORE_MARGIN_MS } from './restore-check';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';
import { sampleRecord } from '../../../tests/support/client/sample-record';

const TAKEN = Date.parse('2026-12-01T12:00:00.000Z');
const run = (state: OpState, ...events: OpEvent[]) =>
  events.reduce((s, e) => next(s, e, DEFAULT_BACKOFF), state);

function confirmedAt(recordedAt: number) {
  const receipt = sampleReceipt({ recordedAt: new Date(recordedAt).toISOString() });
  return sampleRecord(1, {
    state: { kind: 'confirmed', since: recordedAt },
    sendAttempts: 1,
    receipt: { text: JSON.stringify(receipt), receipt, storedAt: recordedAt },
  });
}

describe('meeting an epoch', () => {
  it('the first one is kept; the same one or none (an older server) changes nothing', () => {
    expect(meetEpoch(null, { epoch: 'e1' })).toEqual({ kind: 'first', epoch: 'e1' });
    // Never seen an epoch, but this server was restored: checked like any other restore.
    expect(
      meetEpoch(null, { epoch: 'e1', restoredFrom: { takenAt: '2026-12-01T10:00:00.000Z' } }),
    ).toEqual({ kind: 'new', epoch: 'e1', takenAt: Date.parse('2026-12-01T10:00:00.000Z') });
    expect(meetEpoch('e1', { epoch: 'e1' })).toEqual({ kind: 'same' });
    expect(meetEpoch('e1', {})).toEqual({ kind: 'same' });
  });

  it('another one is another database, restored from a backup or made anew', () => {
    expect(
      meetEpoch('e1', { epoch: 'e2', restoredFrom: { takenAt: new Date(TAKEN).toISOString() } }),
    ).toEqual({ kind: 'new', epoch: 'e2', takenAt: TAKEN });
    expect(meetEpoch('e1', { epoch: 'e2' })).toEqual({ kind: 'new', epoch: 'e2', takenAt: null });
  });
});

describe('which confirmed operations a restored server may lack', () => {
  it('receipts recorded after the snapshot less one minute; older ones and other states are not asked about', () => {
    expect(mayBeLost(confirmedAt(TAKEN + 5_000), TAKEN)).toBe(true);
    expect(mayBeLost(confirmedAt(TAKEN - RESTORE_MARGIN_MS + 1), TAKEN)).toBe(true);
    expect(mayBeLost(confirmedAt(TAKEN - RESTORE_MARGIN_MS), TAKEN)).toBe(false);
    expect(mayBeLost(confirmedAt(TAKEN - 3_600_000), TAKEN)).toBe(false);
    const queued = sampleRecord(2);
    expect(mayBeLost(queued, TAKEN)).toBe(false);
    const resolved = {
      ...confirmedAt(TAKEN + 1),
      resolution: { kind: 'discarded', note: 'x', at: 1 },
    };
    expect(mayBeLost(resolved as ReturnType<typeof confirmedAt>, TAKEN)).toBe(false);
  });
});

describe('a confirmed operation on a restored server', () => {
  const at = TAKEN + 3_600_000;
  const restored = run(
    { kind: 'confirmed', since: TAKEN + 1 },
    {
      type: 'server-restored',
      at,
      confirmedAt: TAKEN + 1,
    },
  );

  it('is asked about first (read-only), shown as being checked, never sent by itself', () => {
    expect(restored).toMatchObject({
      kind: 'review',
      reason: { code: 'restored', answer: 'unchecked' },
    });
    expect(awaitsStatus(restored)).toBe(true);
    expect(operationReason(restored)).toBeNull();
    expect(explanationOf(restored)).toEqual({ kind: 'restore-asking' });
    // A new round never turns it into a send.
    expect(run(restored, { type: 'new-round', at: at + 1 }).kind).toBe('review');
    expect(run(restored, { type: 'send-started', attemptId: 'a0', at })).toBe(restored);
  });

  it('processed: confirmed again', () => {
    const s = run(
      restored,
      { type: 'status-started', attemptId: 'a1', at },
      { type: 'receipt', receipt: sampleReceipt() },
      { type: 'stored', at: at + 1 },
    );
    expect(s).toEqual({ kind: 'confirmed', since: at + 1 });
  });

  it.each(['not-yet', 'never-applied', 'forgotten'] as const)(
    '%s: review in the spec’s words with Send again; only the person sends it, with the same id',
    (answer) => {
      const s = run(
        restored,
        { type: 'status-started', attemptId: 'a1', at },
        { type: 'status-answer', attemptId: 'a1', at, jitter: 0.5, answer },
      );
      expect(s).toMatchObject({ kind: 'review', reason: { code: 'restored', answer: 'missing' } });
      expect(awaitsStatus(s)).toBe(false);
      expect(operationReason(s)).toEqual({
        kind: 'restored',
        confirmedAt: new Date(TAKEN + 1).toISOString(),
      });
      expect(explanationOf(s)).toEqual({ kind: 'restore-missing' });
      expect(run(s, { type: 'new-round', at: at + 1 })).toBe(s);
      const view = operationView(
        { ...confirmedAt(TAKEN + 1), state: s as never },
        { leases: new Map(), attempts: new Map() },
        { now: at, finishing: new Map() },
      );
      expect(view).toMatchObject({ state: 'review', canCheckAndResend: true, canEnterAgain: true });
      expect(view.restored).toEqual({
        confirmedAt: new Date(TAKEN + 1).toISOString(),
        missing: true,
      });
      // Send again: the same id, uncertain (a replay or a first application both end it).
      const again = run(s, { type: 'resend-requested', at: at + 2 });
      expect(again).toMatchObject({ kind: 'unknown' });
      const sent = run(
        again,
        { type: 'send-started', attemptId: 'a2', at: at + 3 },
        { type: 'receipt', receipt: sampleReceipt() },
        { type: 'stored', at: at + 4 },
      );
      expect(sent).toEqual({ kind: 'confirmed', since: at + 4 });
      // Past its deadline: refused (410), then the status decides: enter it again as new.
      const late = run(
        again,
        { type: 'send-started', attemptId: 'a3', at: at + 3 },
        { type: 'expired', attemptId: 'a3', at: at + 4 },
        { type: 'status-started', attemptId: 'a4', at: at + 5 },
        {
          type: 'status-answer',
          attemptId: 'a4',
          at: at + 6,
          jitter: 0.5,
          answer: 'never-applied',
        },
      );
      expect(late).toEqual({ kind: 'not-applied', since: at + 6 });
    },
  );

  it('only a confirmed operation is moved by a restore', () => {
    const queued: OpState = { kind: 'queued', retry: { attempts: 0, notBefore: 0 } };
    expect(run(queued, { type: 'server-restored', at, confirmedAt: 1 })).toBe(queued);
  });
});
