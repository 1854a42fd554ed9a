import { describe, expect, it } from 'vitest';
import { emptyView } from './local-view';
import type { AttemptRecord, LeaseRecord, OperationRecord } from './records';
import type { FinishingState, OpState, StoredOpState } from './operation-state';
import { operationView, retryAt, type ViewTime } from './operation-view';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';

const NOW = Date.parse('2026-11-29T17:00:00.000Z');
const retry = { attempts: 1, notBefore: NOW + 5_000 };

const receipt = sampleReceipt();

function record(state: StoredOpState, more: Partial<OperationRecord> = {}): OperationRecord {
  return {
    id: 'L1.1',
    userId: 'u1',
    userName: 'demo',
    order: 1,
    leaseId: 'L1',
    op: { type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' },
    createdAt: NOW - 60_000,
    summary: 'Remove 2 from Desk lamp',
    state,
    sendAttempts: 0,
    imported: null,
    resolution: null,
    ...more,
  };
}

const lease: LeaseRecord = {
  id: 'L1',
  userId: 'u1',
  deviceId: 'd1',
  size: 100,
  issuedAt: '2026-11-29T16:00:00.000Z',
  deadline: '2026-12-06T16:00:00.000Z',
  token: 't',
  nextSeq: 2,
  fetchedAt: NOW,
  origin: 'issued',
};

const attempt: AttemptRecord = {
  operationId: 'L1.1',
  attemptId: 'a1',
  kind: 'send',
  sentAt: NOW - 30_000,
  endedAt: null,
  result: 'pending',
  httpStatus: null,
  serverTiming: {},
};

function show(
  rec: OperationRecord,
  opts: {
    attempts?: AttemptRecord[];
    finishing?: FinishingState;
    recheckAt?: number | null;
    reversed?: boolean;
    withReceipt?: boolean;
  } = {},
) {
  const view = {
    ...emptyView(),
    leases: new Map([[lease.id, lease]]),
    attempts: new Map(opts.attempts ? [[rec.id, opts.attempts]] : []),
  };
  if (opts.withReceipt) rec = { ...rec, receipt: { text: '', receipt, storedAt: NOW } };
  const time: ViewTime = {
    now: NOW,
    finishing: new Map(opts.finishing ? [[rec.id, opts.finishing]] : []),
    recheckAt: opts.recheckAt ?? null,
  };
  return operationView(rec, view, time, opts.reversed ?? false);
}

const queued: StoredOpState = { kind: 'queued', retry };
const unknown: StoredOpState = { kind: 'unknown', since: NOW, retry, notYet: false };
const confirmed: StoredOpState = { kind: 'confirmed', since: NOW };
const resting: StoredOpState = {
  kind: 'waiting',
  since: NOW,
  why: 'retries-exhausted',
  uncertain: true,
  detail: null,
};
const expiredReview: StoredOpState = {
  kind: 'review',
  since: NOW,
  reason: { code: 'expired', answer: 'unchecked', retry },
};
const importedReview = (answer: 'unchecked' | 'not-yet'): StoredOpState => ({
  kind: 'review',
  since: NOW,
  reason: { code: 'imported', importedAt: NOW, answer, retry },
});

describe('when the next automatic check is due', () => {
  it('queued and unknown work by its retry time; waiting by the recheck plan (not for sign-in)', () => {
    expect(retryAt(queued)).toBe(retry.notBefore);
    expect(retryAt(unknown)).toBe(retry.notBefore);
    expect(retryAt(resting, NOW + 120_000)).toBe(NOW + 120_000);
    expect(retryAt(resting)).toBeNull();
    expect(retryAt({ ...resting, why: 'sign-in' } as OpState, NOW + 120_000)).toBeNull();
  });

  it('review that still asks the status endpoint by its own retry; the rest never', () => {
    expect(retryAt(expiredReview)).toBe(retry.notBefore);
    expect(retryAt(importedReview('unchecked'))).toBe(retry.notBefore);
    expect(retryAt(importedReview('not-yet'))).toBeNull();
    expect(retryAt(confirmed, NOW)).toBeNull();
    expect(retryAt({ kind: 'sending', attemptId: 'a', since: NOW, retry }, NOW + 1)).toBeNull();
  });
});

describe('one operation as the app shows it', () => {
  it('shows the state, words, times, lease deadline and timeline', () => {
    const ended: AttemptRecord = {
      ...attempt,
      attemptId: 'a0',
      sentAt: NOW - 50_000,
      endedAt: NOW - 49_000,
      result: 'timeout',
    };
    const v = show(record(unknown, { sendAttempts: 2, handle: 'L0.7' }), {
      attempts: [ended, attempt],
    });
    expect(v).toMatchObject({
      id: 'L1.1',
      handle: 'L0.7',
      state: 'unknown',
      createdAt: '2026-11-29T16:59:00.000Z',
      deadline: lease.deadline,
      receipt: null,
      reason: null,
      imported: false,
      nextRetryAt: '2026-11-29T17:00:05.000Z',
      resolution: null,
      canCheckAndResend: true,
      canEnterAgain: false,
      canDiscard: false,
      canCancel: false,
      canReverse: false,
    });
    expect(v.attempts).toEqual([
      {
        attemptId: 'a0',
        sentAt: '2026-11-29T16:59:10.000Z',
        endedAt: '2026-11-29T16:59:11.000Z',
        result: 'timeout',
        httpStatus: null,
        serverTiming: {},
        kind: 'send',
      },
      {
        attemptId: 'a1',
        sentAt: '2026-11-29T16:59:30.000Z',
        endedAt: null,
        result: 'pending',
        httpStatus: null,
        serverTiming: {},
        kind: 'send',
      },
    ]);
    expect(v.explanation).toEqual({ kind: 'no-result' });
  });

  it('a lease it does not know gives no deadline; a due time already past is not shown', () => {
    const v = show(
      record({ kind: 'queued', retry: { attempts: 0, notBefore: NOW } }, { leaseId: 'L9' }),
    );
    expect(v.deadline).toBe('');
    expect(v.nextRetryAt).toBeNull();
    expect(
      show(record({ kind: 'queued', retry: { attempts: 0, notBefore: NOW + 1 } })).nextRetryAt,
    ).toBe('2026-11-29T17:00:00.001Z');
  });

  it('resting work says when it is checked again by itself', () => {
    const at = Date.parse('2026-11-29T17:02:00.000Z');
    const v = show(record(resting, { sendAttempts: 3 }), { recheckAt: at });
    expect(v.nextRetryAt).toBe('2026-11-29T17:02:00.000Z');
    expect(v.explanation).toEqual({ kind: 'retries-paused' });
    expect(show(record(resting)).nextRetryAt).toBeNull();
  });

  it('a receipt being stored shows over the stored state and blocks enter again / discard', () => {
    const finishing: FinishingState = { kind: 'finishing', receipt, localWriteFailed: true };
    const v = show(record(expiredReview), { finishing });
    expect(v.state).toBe('finishing');
    expect(v.receipt).toEqual(receipt);
    expect(v.canCheckAndResend).toBe(true);
    expect(v.canEnterAgain).toBe(false);
    expect(v.canDiscard).toBe(false);
    const calm = show(record(queued), {
      finishing: { ...finishing, localWriteFailed: false },
    });
    expect(calm.canCheckAndResend).toBe(false);
  });

  it('offers reversal unless told a reversal stands', () => {
    const view = { ...emptyView(), leases: new Map([[lease.id, lease]]) };
    expect(
      operationView(record(confirmed), view, { now: NOW, finishing: new Map() }).canReverse,
    ).toBe(true);
  });

  it('shows a stored receipt', () => {
    expect(show(record(confirmed), { withReceipt: true }).receipt).toEqual(receipt);
    expect(show(record(confirmed)).receipt).toBeNull();
  });

  it('offers Check and resend safely only where a check can tell something', () => {
    const can = (state: StoredOpState, more: Partial<OperationRecord> = {}) =>
      show(record(state, more)).canCheckAndResend;
    expect(can(unknown)).toBe(true);
    expect(can(resting)).toBe(true);
    expect(can(queued)).toBe(false);
    expect(can(queued, { sendAttempts: 1 })).toBe(true);
    expect(can(expiredReview)).toBe(true);
    expect(can(importedReview('not-yet'))).toBe(true);
    expect(can({ kind: 'review', since: NOW, reason: { code: 'receipt', reason: null } })).toBe(
      false,
    );
    expect(
      can({
        kind: 'review',
        since: NOW,
        reason: { code: 'refused', httpStatus: 422, problem: null, detail: 'x' },
      }),
    ).toBe(false);
    expect(can(confirmed)).toBe(false);
    expect(can({ kind: 'expired', since: NOW })).toBe(false);
    expect(can({ kind: 'not-applied', since: NOW })).toBe(false);
    expect(can({ kind: 'rejected', since: NOW, reason: null })).toBe(false);
    expect(can({ kind: 'sending', attemptId: 'a', since: NOW, retry })).toBe(false);
    expect(
      can({
        kind: 'checking',
        attemptId: 'a',
        since: NOW,
        via: 'status',
        prior: { kind: 'unknown', since: NOW, retry, notYet: false },
      }),
    ).toBe(false);
    expect(can(unknown, { resolution: { kind: 'discarded', note: 'gone', at: NOW } })).toBe(false);
  });

  it('a resolved operation shows its resolution and offers nothing more', () => {
    const discarded = show(
      record(
        { kind: 'expired', since: NOW },
        {
          resolution: { kind: 'discarded', note: 'counted again', at: NOW },
        },
      ),
    );
    expect(discarded.resolution).toEqual({
      kind: 'discarded',
      note: 'counted again',
      at: '2026-11-29T17:00:00.000Z',
    });
    expect(discarded.canEnterAgain).toBe(false);
    expect(discarded.canDiscard).toBe(false);
    const again = show(
      record(
        { kind: 'not-applied', since: NOW },
        {
          resolution: { kind: 'entered-again', newOperationId: 'L1.9', at: NOW },
        },
      ),
    );
    expect(again.resolution).toEqual({
      kind: 'entered-again',
      newOperationId: 'L1.9',
      at: '2026-11-29T17:00:00.000Z',
    });
    const open = show(record({ kind: 'not-applied', since: NOW }));
    expect(open.canEnterAgain).toBe(true);
    expect(open.canDiscard).toBe(true);
  });

  it('cancel only before anything may have left the device', () => {
    expect(show(record(queued)).canCancel).toBe(true);
    expect(show(record(queued), { attempts: [attempt] }).canCancel).toBe(false);
    expect(show(record(queued), { attempts: [] }).canCancel).toBe(true);
    expect(show(record(queued, { sendAttempts: 1 })).canCancel).toBe(false);
    const finishing: FinishingState = { kind: 'finishing', receipt, localWriteFailed: false };
    expect(show(record(queued), { finishing }).canCancel).toBe(false);
  });

  it('reverse only a confirmed adjustment that no reversal stands for', () => {
    expect(show(record(confirmed)).canReverse).toBe(true);
    expect(show(record(confirmed), { reversed: true }).canReverse).toBe(false);
    expect(show(record(queued)).canReverse).toBe(false);
  });

  it('says whether it was restored from a backup, and why it needs review', () => {
    const v = show(
      record(importedReview('unchecked'), { imported: { importedAt: NOW, exportedAt: NOW } }),
    );
    expect(v.imported).toBe(true);
    expect(v.reason).toEqual({ kind: 'imported' });
    expect(v.explanation).toEqual({ kind: 'imported-asking' });
  });
});
