/**
 * The reuse of an operation's view (operation-views.ts): a builder that lived through every
 * change builds what a new builder makes of the same picture, after each change of any input the
 * reuse checks. The live view's property test (../snapshot-incremental.test.ts) follows what a
 * device does; this one moves each input on its own: attempt lines without a record change, lease
 * deadlines changed without a word, reversals, restored work, the clock going back, the recheck
 * time. Each check of the reuse, removed, fails it.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { emptyView, type WritableView } from './local-view';
import type { AttemptRecord, OperationRecord } from './records';
import type { FinishingState, StoredOpState } from './operation-state';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';
import { SAMPLE_CREATED_AT, sampleRecord } from '../../../tests/support/client/sample-record';
import { SnapshotBuilder, type Runtime } from './snapshot';

const T0 = SAMPLE_CREATED_AT;
const HOUR = 3_600_000;
const demo = { id: 'u1', name: 'demo', role: 'staff' as const };

const retry = (notBefore: number) => ({ attempts: 1, notBefore });

/** The stored states a record moves through, some with due times ahead of or behind `now`. */
function stateOf(kind: number, at: number): StoredOpState {
  switch (kind) {
    case 0:
      return { kind: 'queued', retry: retry(at) };
    case 1:
      return { kind: 'sending', attemptId: `a${at}`, since: at, retry: retry(0) };
    case 2:
      return { kind: 'unknown', since: at, retry: retry(at + HOUR), notYet: false };
    case 3:
      return { kind: 'confirmed', since: at };
    case 4:
      return {
        kind: 'waiting',
        since: at,
        why: 'retries-exhausted',
        uncertain: true,
        detail: null,
      };
    default:
      return {
        kind: 'review',
        since: at,
        reason: { code: 'imported', importedAt: at, answer: 'unchecked', retry: retry(0) },
      };
  }
}

type Step =
  | { kind: 'put'; order: number; state: number; delta: number; receipt: boolean; dueIn: number }
  | { kind: 'reverse'; order: number; of: number }
  | { kind: 'finishing'; order: number; on: boolean; failed: boolean }
  | { kind: 'attempt'; order: number }
  | { kind: 'deadline'; hours: number }
  | { kind: 'time'; ms: number }
  | { kind: 'recheck'; at: number | null };

const order = fc.integer({ min: 0, max: 7 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('put' as const),
    order,
    state: fc.integer({ min: 0, max: 5 }),
    delta: fc.constantFrom(-2, -1, 1, 3),
    receipt: fc.boolean(),
    dueIn: fc.integer({ min: -2 * HOUR, max: 2 * HOUR }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), order, of: order }),
  fc.record({
    kind: fc.constant('finishing' as const),
    order,
    on: fc.boolean(),
    failed: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('attempt' as const), order }),
  fc.record({ kind: fc.constant('deadline' as const), hours: fc.integer({ min: 1, max: 48 }) }),
  fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: -HOUR, max: 3 * HOUR }) }),
  fc.record({
    kind: fc.constant('recheck' as const),
    at: fc.option(fc.integer({ min: 0, max: 4 * HOUR }), { nil: null }),
  }),
);

function record(order: number, state: StoredOpState, delta: number): OperationRecord {
  return sampleRecord(order, {
    op: { type: 'adjust', itemId: 'lamp-14', delta, reason: 'sold' },
    summary: `Change Desk lamp by ${delta}`,
    state,
    sendAttempts: state.kind === 'queued' ? 0 : 1,
    imported: state.kind === 'review' ? { importedAt: T0, exportedAt: T0 } : null,
  });
}

function picture(): WritableView {
  const v = emptyView();
  v.session = { key: 'session', token: 't', user: demo, expired: false };
  v.leases.set('L1', {
    id: 'L1',
    userId: 'u1',
    deviceId: 'd1',
    size: 100,
    issuedAt: new Date(T0).toISOString(),
    deadline: new Date(T0 + 24 * HOUR).toISOString(),
    token: 'token-L1',
    nextSeq: 8,
    fetchedAt: T0,
    origin: 'issued',
  });
  return v;
}

it('a builder that followed every change builds what a new builder builds', () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
      const v = picture();
      const finishing = new Map<string, FinishingState>();
      let now = T0;
      let recheckAt: number | null = null;
      const runtime = (): Runtime => ({
        ready: true,
        now,
        connectivity: 'online',
        settledThisRound: null,
        storageProblem: null,
        testerMode: false,
        finishing: new Map(finishing),
        recheckAt,
        warnWithinMs: 36 * HOUR,
      });
      const followed = new SnapshotBuilder();
      const put = (r: OperationRecord) => {
        const before = v.operationsVersion;
        v.operations.set(r.id, r);
        v.operationsVersion++;
        followed.changed(v, before, [r.id]);
      };
      for (const s of steps) {
        switch (s.kind) {
          case 'put': {
            const r = record(s.order, stateOf(s.state, now + s.dueIn), s.delta);
            const receipt = sampleReceipt({ operationId: r.id });
            put(s.receipt ? { ...r, receipt: { text: '{}', receipt, storedAt: now } } : r);
            break;
          }
          case 'reverse': {
            const original = v.operations.get(`L1.${s.of}`);
            if (!original || s.order === s.of) break;
            const r = record(s.order, stateOf(0, now), 2);
            put({
              ...r,
              op: {
                type: 'adjust',
                itemId: 'lamp-14',
                delta: 2,
                reason: 'correction',
                note: `Reverses “${original.summary}” (${original.id})`,
              },
            });
            break;
          }
          case 'finishing':
            if (s.on) {
              const receipt = sampleReceipt({ operationId: `L1.${s.order}` });
              finishing.set(`L1.${s.order}`, {
                kind: 'finishing',
                receipt,
                localWriteFailed: s.failed,
              });
            } else finishing.delete(`L1.${s.order}`);
            break;
          case 'attempt': {
            const id = `L1.${s.order}`;
            const line: AttemptRecord = {
              operationId: id,
              attemptId: `x${now}-${s.order}`,
              kind: 'send',
              sentAt: now,
              endedAt: now + 5,
              result: 'timeout',
              httpStatus: null,
              serverTiming: {},
            };
            v.attempts.set(id, [...(v.attempts.get(id) ?? []), line]);
            // Told as the live view tells a committed attempt row: by its operations' ids.
            followed.changed(v, v.operationsVersion, [id]);
            break;
          }
          case 'deadline': {
            const lease = v.leases.get('L1');
            if (lease) {
              const deadline = new Date(T0 + s.hours * HOUR).toISOString();
              v.leases.set('L1', { ...lease, deadline });
            }
            break;
          }
          case 'time':
            now += s.ms;
            break;
          case 'recheck':
            recheckAt = s.at === null ? null : T0 + s.at;
            break;
        }
        const rt = runtime();
        expect(followed.build(v, rt)).toEqual(new SnapshotBuilder().build(v, rt));
      }
    }),
    { numRuns: 300 },
  );
});
