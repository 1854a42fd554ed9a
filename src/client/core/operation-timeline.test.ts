import { describe, expect, it } from 'vitest';
import type { StoredOpState } from './operation-state';
import { operationView, timeline } from './operation-view';
import type { AttemptRecord, OperationRecord } from './records';

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const retry = { attempts: 0, notBefore: 0 };

function record(state: StoredOpState): OperationRecord {
  return {
    id: 'L1.1',
    userId: 'u1',
    userName: 'demo',
    order: 1,
    leaseId: 'L1',
    op: { type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' },
    createdAt: NOW - 5_000,
    summary: 'Remove 2 from Desk lamp',
    state,
    sendAttempts: 1,
    imported: null,
    resolution: null,
  };
}

const ended: AttemptRecord = {
  operationId: 'L1.1',
  attemptId: 'a1',
  kind: 'send',
  sentAt: NOW - 4_000,
  endedAt: NOW - 3_000,
  result: 'timeout',
  httpStatus: null,
  serverTiming: {},
};

describe('the timeline of an operation', () => {
  it('shows the attempt in flight from the stored state (its row is written when it ends)', () => {
    const sending = record({ kind: 'sending', attemptId: 'a2', since: NOW - 1_000, retry });
    expect(timeline(sending, [ended])).toEqual([
      ended,
      expect.objectContaining({ attemptId: 'a2', kind: 'send', sentAt: NOW - 1_000 }),
    ]);
    expect(timeline(sending, [ended])[1]).toMatchObject({ result: 'pending', endedAt: null });
  });

  it('names a status question in flight as one, and a resend as a send', () => {
    const prior = { kind: 'unknown' as const, since: NOW - 4_000, retry, notYet: false };
    const asking = record({ kind: 'checking', attemptId: 'a2', since: NOW, via: 'status', prior });
    const resending = record({
      kind: 'checking',
      attemptId: 'a2',
      since: NOW,
      via: 'resend',
      prior,
    });
    expect(timeline(asking).map((a) => a.kind)).toEqual(['status']);
    expect(timeline(resending).map((a) => a.kind)).toEqual(['send']);
  });

  it('adds nothing once the attempt has its row, or when nothing is in flight', () => {
    const sending = record({ kind: 'sending', attemptId: 'a1', since: NOW - 4_000, retry });
    expect(timeline(sending, [ended])).toEqual([ended]);
    const unknown = record({ kind: 'unknown', since: NOW - 3_000, retry, notYet: false });
    expect(timeline(unknown, [ended])).toEqual([ended]);
  });

  it('is what the operation view lists', () => {
    const sending = record({ kind: 'sending', attemptId: 'a2', since: NOW - 1_000, retry });
    const view = { leases: new Map(), receipts: new Map(), attempts: new Map([['L1.1', [ended]]]) };
    const shown = operationView(sending, view, { now: NOW, finishing: new Map() });
    expect(shown.attempts.map((a) => [a.attemptId, a.result])).toEqual([
      ['a1', 'timeout'],
      ['a2', 'pending'],
    ]);
  });
});
