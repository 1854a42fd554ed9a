/**
 * The live view's snapshot, kept up to date from each committed write (a build visits only the
 * operations a write changed and the inputs that changed beside them), equals a snapshot built
 * from nothing on the same data, after every step of random sequences of what a device does:
 * enqueue, claim (the claims record) and give back, settle, answers, cancel, discard, moving to a
 * fresh lease, sign-out cleanup, receipts in hand, status questions (attempt rows alone), attempt rows deleted, another tab's
 * changes (a whole re-read), another person signing in, time passing (or the clock going back),
 * the server's clock read again, a new recheck time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '../protocol/schemas';
import { emptyView, type LocalView } from './core/local-view';
import type { FinishingState, StoredOpState } from './core/operation-state';
import type { LeaseRecord, OperationRecord } from './core/records';
import { SnapshotBuilder, type Runtime } from './core/snapshot';
import { withClaimed, withoutClaimed, type Claim } from './core/claims';
import type { ServerSkew } from './core/server-clock';
import { LiveView } from './live-view';
import { applyWrites } from './transactions/view';
import type { WriteEntry } from './store/recording-store';
import { opItemId } from '../protocol/op-item';
import { scaled } from '../../tests/support/reliability';

const NOW = Date.parse('2026-12-01T06:00:00.000Z');
const HOUR = 3_600_000;
const USERS = [
  { id: 'u1', name: 'demo', role: 'staff' as const },
  { id: 'u2', name: 'alex', role: 'staff' as const },
];
const ITEMS = ['lamp-14', 'bulb-2', 'cable-1'];

type Step =
  | { kind: 'enqueue'; user: number; item: number; delta: number; count: boolean; lease: number }
  | { kind: 'claim'; pick: number; many: number }
  | { kind: 'unclaim'; pick: number }
  | { kind: 'settle'; pick: number; many: number; outcome: 'applied' | 'rejected' }
  | { kind: 'answer'; pick: number; to: 'unknown' | 'queued' | 'waiting' | 'review' }
  | { kind: 'resolve'; pick: number; how: 'discarded' | 'entered-again' }
  | { kind: 'rekey'; pick: number }
  | { kind: 'forget'; pick: number }
  | { kind: 'finishing'; pick: number; on: boolean }
  | { kind: 'status'; pick: number; many: number }
  | { kind: 'drop-attempt'; pick: number }
  | { kind: 'skew'; hours: number | null }
  | { kind: 'recheck'; ms: number | null }
  | { kind: 'lease'; lease: number; hours: number }
  | { kind: 'reload' }
  | { kind: 'sign-in'; user: number }
  | { kind: 'time'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('enqueue' as const),
      user: fc.nat(1),
      item: fc.nat(ITEMS.length - 1),
      delta: fc.integer({ min: -3, max: 3 }),
      count: fc.boolean(),
      lease: fc.nat(1),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      pick: fc.nat(),
      many: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('unclaim' as const), pick: fc.nat() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat(),
      many: fc.integer({ min: 1, max: 4 }),
      outcome: fc.constantFrom('applied' as const, 'rejected' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      pick: fc.nat(),
      to: fc.constantFrom(
        'unknown' as const,
        'queued' as const,
        'waiting' as const,
        'review' as const,
      ),
    }),
  },
  fc.record({
    kind: fc.constant('resolve' as const),
    pick: fc.nat(),
    how: fc.constantFrom('discarded' as const, 'entered-again' as const),
  }),
  fc.record({ kind: fc.constant('rekey' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('forget' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('finishing' as const), pick: fc.nat(), on: fc.boolean() }),
  fc.record({
    kind: fc.constant('lease' as const),
    lease: fc.nat(1),
    hours: fc.integer({ min: -1, max: 30 }),
  }),
  fc.record({ kind: fc.constant('reload' as const) }),
  fc.record({ kind: fc.constant('sign-in' as const), user: fc.nat(1) }),
  fc.record({
    kind: fc.constant('time' as const),
    ms: fc.integer({ min: -HOUR / 2, max: 2 * HOUR }),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    many: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('drop-attempt' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('skew' as const),
    hours: fc.option(fc.integer({ min: -30, max: 30 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('recheck' as const),
    ms: fc.option(fc.integer({ min: -HOUR, max: 2 * HOUR }), { nil: null }),
  }),
);

function lease(id: string, userId: string, hours: number, nextSeq: number): LeaseRecord {
  return {
    id,
    userId,
    deviceId: 'd1',
    size: 1000,
    issuedAt: new Date(NOW - HOUR).toISOString(),
    deadline: new Date(NOW + hours * HOUR).toISOString(),
    token: `t-${id}`,
    nextSeq,
    fetchedAt: NOW - HOUR,
    origin: 'issued',
  };
}

function receipt(record: OperationRecord, outcome: 'applied' | 'rejected'): Receipt {
  const itemId = record.op.type === 'createItem' ? 'x' : (opItemId(record.op) ?? 'x');
  const delta = record.op.type === 'adjust' ? record.op.delta : 0;
  return {
    operationId: record.id,
    outcome,
    reason: outcome === 'applied' ? null : 'unknown-item',
    itemId,
    delta: outcome === 'applied' ? delta : 0,
    resultingQuantity: outcome === 'applied' ? 10 + delta : null,
    itemRevision: outcome === 'applied' ? 8 : null,
    recordedAt: '2026-12-01T06:00:00.312Z',
    compacted: false,
  } as Receipt;
}

/** A device: the data as stored, and what each step writes (or changes in memory). */
class Device {
  view: LocalView;
  order = 0;
  now = NOW;
  skew: ServerSkew | null = null;
  recheckAt: number | null = null;
  readonly finishing = new Map<string, FinishingState>();
  private readonly attemptIds: string[] = [];
  private readonly leases = new Map<string, LeaseRecord>();
  /** The claims record as stored (core/claims.ts). */
  private claims: readonly Claim[] = [];
  private claimSerial = 0;

  constructor() {
    this.view = {
      ...emptyView(),
      session: { key: 'session', token: 't', user: USERS[0]!, expired: false },
    };
  }

  private pick(n: number, ok: (r: OperationRecord) => boolean = () => true): OperationRecord[] {
    const all = [...this.view.operations.values()].filter(ok);
    return all.length === 0 ? [] : [all[n % all.length]!];
  }

  private picks(n: number, many: number, ok: (r: OperationRecord) => boolean): OperationRecord[] {
    const all = [...this.view.operations.values()].filter(ok);
    const start = all.length === 0 ? 0 : n % all.length;
    return all.slice(start, start + many);
  }

  private leaseOf(n: number, userId: string): LeaseRecord {
    const id = `L${userId}-${n}`;
    return this.leases.get(id) ?? lease(id, userId, 10, 0);
  }

  /** The write a step commits (empty: it changes only memory, or nothing). */
  writes(s: Step): WriteEntry[] {
    const put = (r: OperationRecord): WriteEntry => ({ op: 'put', store: 'operations', value: r });
    const state = (r: OperationRecord, st: StoredOpState, more: Partial<OperationRecord> = {}) =>
      put({ ...r, state: st, ...more });
    switch (s.kind) {
      case 'enqueue': {
        const user = USERS[s.user]!;
        const l = this.leaseOf(s.lease, user.id);
        const next = { ...l, nextSeq: l.nextSeq + 1 };
        this.leases.set(next.id, next);
        const itemId = ITEMS[s.item]!;
        const order = this.order++;
        const record: OperationRecord = {
          id: `${l.id}.${l.nextSeq}`,
          handle: `${l.id}.${l.nextSeq}`,
          userId: user.id,
          userName: user.name,
          order,
          leaseId: l.id,
          op: s.count
            ? { type: 'count', itemId, quantity: 5 + s.delta, basedOnRevision: 7 }
            : { type: 'adjust', itemId, delta: s.delta || 1, reason: 'sold' },
          createdAt: this.now,
          summary: `change ${order}`,
          state: { kind: 'queued', retry: { attempts: 0, notBefore: this.now } },
          sendAttempts: 0,
          imported: null,
          resolution: null,
        };
        return [put(record), { op: 'put', store: 'leases', value: next }];
      }
      case 'claim': {
        // One claims record for all: the operations' records stay as they are.
        const [first, ...rest] = this.picks(s.pick, s.many, (r) => r.state.kind === 'queued');
        if (!first) return [];
        const ids = [first, ...rest].filter((r) => r.userId === first.userId).map((r) => r.id);
        const attempt = {
          attemptId: `c${this.claimSerial++}`,
          kind: 'send',
          at: this.now,
        } as const;
        return [this.claimsWrite(withClaimed(this.claims, first.userId, attempt, ids))];
      }
      case 'unclaim': {
        const claim = this.claims[s.pick % Math.max(1, this.claims.length)];
        if (!claim) return [];
        return [this.claimsWrite(withoutClaimed(this.claims, new Set(claim.ids), claim.attemptId))];
      }
      case 'settle': {
        const settled = this.picks(s.pick, s.many, (r) => r.state.kind === 'sending');
        const ids = new Set(settled.map((r) => r.id));
        const claims = withoutClaimed(this.claims, ids);
        const off = claims === this.claims ? [] : [this.claimsWrite(claims)];
        return settled
          .flatMap((r): WriteEntry[] => {
            const rc = receipt(r, s.outcome);
            const attemptId = r.state.kind === 'sending' ? r.state.attemptId : 'a';
            const final: StoredOpState =
              s.outcome === 'applied'
                ? { kind: 'confirmed', since: this.now }
                : { kind: 'rejected', since: this.now, reason: rc.reason ?? 'unknown-item' };
            return [
              {
                op: 'put',
                store: 'attempts',
                value: {
                  attemptId,
                  kind: 'send',
                  sentAt: this.now - 5,
                  ends: {
                    [r.id]: {
                      endedAt: this.now,
                      result: 'response',
                      httpStatus: 201,
                      serverTiming: {},
                    },
                  },
                  operationIds: [r.id],
                },
              },
              state(r, final, { receipt: { text: '{}', receipt: rc, storedAt: 1 } }),
            ];
          })
          .concat(off);
      }
      case 'answer':
        return this.pick(s.pick, (r) => r.resolution === null).map((r) => {
          const retry = { attempts: 1, notBefore: this.now + 60_000 };
          switch (s.to) {
            case 'unknown':
              return state(r, { kind: 'unknown', since: this.now, retry, notYet: false });
            case 'queued':
              return state(r, { kind: 'queued', retry });
            case 'waiting':
              return state(r, {
                kind: 'waiting',
                since: this.now,
                why: 'retries-exhausted',
                uncertain: true,
                detail: null,
              });
            case 'review':
              return state(r, {
                kind: 'review',
                since: this.now,
                reason: { code: 'expired', answer: 'unchecked', retry },
              });
          }
        });
      case 'resolve':
        return this.pick(s.pick, (r) => r.state.kind === 'review').map((r) =>
          put({
            ...r,
            resolution:
              s.how === 'discarded'
                ? { kind: 'discarded', note: 'n', at: this.now }
                : { kind: 'entered-again', newOperationId: 'x', at: this.now },
          }),
        );
      case 'rekey':
        // Moved to a fresh lease: a new id, the same place in creation order.
        return this.pick(s.pick, (r) => r.sendAttempts === 0).flatMap((r): WriteEntry[] => [
          { op: 'delete', store: 'operations', key: r.id },
          put({ ...r, id: `${r.id}m`, leaseId: this.leaseOf(1, r.userId).id }),
        ]);
      case 'forget':
        return this.pick(s.pick).map((r) => ({ op: 'delete', store: 'operations', key: r.id }));
      case 'lease': {
        const user = this.view.session?.user ?? USERS[0]!;
        const l = this.leaseOf(s.lease, user.id);
        const next = lease(l.id, user.id, s.hours, l.nextSeq);
        this.leases.set(next.id, next);
        return [{ op: 'put', store: 'leases', value: next }];
      }
      case 'sign-in':
        return [
          {
            op: 'put',
            store: 'meta',
            value: { key: 'session', token: 't', user: USERS[s.user]!, expired: false },
          },
        ];
      case 'finishing':
        for (const r of this.pick(s.pick)) {
          if (s.on)
            this.finishing.set(r.id, {
              kind: 'finishing',
              receipt: receipt(r, 'applied'),
              localWriteFailed: false,
            });
          else this.finishing.delete(r.id);
        }
        return [];
      case 'status': {
        // A status question's row: attempt lines for operations whose records stay as they are.
        const ops = this.picks(s.pick, s.many, (r) => r.resolution === null);
        if (ops.length === 0) return [];
        const attemptId = `s${this.attemptIds.length}`;
        this.attemptIds.push(attemptId);
        const end = { endedAt: this.now, result: 'timeout' as const, httpStatus: null };
        return [
          {
            op: 'put',
            store: 'attempts',
            value: {
              attemptId,
              kind: 'status',
              sentAt: this.now - 5,
              ends: Object.fromEntries(ops.map((r) => [r.id, { ...end, serverTiming: {} }])),
              operationIds: ops.map((r) => r.id),
            },
          },
        ];
      }
      case 'drop-attempt': {
        const attemptId = this.attemptIds[s.pick % Math.max(1, this.attemptIds.length)];
        return attemptId === undefined ? [] : [{ op: 'delete', store: 'attempts', key: attemptId }];
      }
      case 'skew':
        this.skew =
          s.hours === null ? null : { offsetMs: s.hours * HOUR, measuredAt: this.now + HOUR };
        return [];
      case 'recheck':
        this.recheckAt = s.ms === null ? null : this.now + s.ms;
        return [];
      case 'time':
        this.now += s.ms;
        return [];
      case 'reload':
        return [];
    }
  }

  /** The claims record as `claims` (deleted when none is left). */
  private claimsWrite(claims: readonly Claim[]): WriteEntry {
    this.claims = claims;
    return claims.length === 0
      ? { op: 'delete', store: 'meta', key: 'claims' }
      : { op: 'put', store: 'meta', value: { key: 'claims', claims } };
  }

  /** A whole read, as another tab's "look again" makes: new maps, the same stored records. */
  copy(): LocalView {
    return {
      ...this.view,
      operations: new Map(this.view.operations),
      claims: new Map(this.view.claims),
      unclaimed: new Map(this.view.unclaimed),
      attempts: new Map(this.view.attempts),
      items: new Map(this.view.items),
      leases: new Map(this.view.leases),
    };
  }
}

describe('the snapshot kept up to date from each write', () => {
  it('equals one built from nothing, after every step of random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 60, size: 'max' }),
        async (steps) => {
          const device = new Device();
          const runtime = (): Runtime => ({
            ready: true,
            now: device.now,
            connectivity: 'online',
            settledThisRound: null,
            storageProblem: null,
            testerMode: false,
            finishing: device.finishing,
            serverSkew: device.skew,
            recheckAt: device.recheckAt,
            warnWithinMs: 24 * HOUR,
          });
          const live = new LiveView(
            () => Promise.resolve(device.copy()),
            runtime,
            () => undefined,
          );
          await live.reload();
          for (const s of steps) {
            const log = device.writes(s);
            // The stored data, followed independently of the live view's own copy.
            applyWrites(device.view, log);
            if (s.kind === 'reload') await live.reload();
            else if (log.length > 0) live.applied(log);
            else live.changed();
            const incremental = live.getSnapshot();
            const full = new SnapshotBuilder().build(device.view, runtime());
            expect(incremental).toEqual(full);
          }
        },
      ),
      { numRuns: Number(process.env['SNAPSHOT_RUNS'] ?? scaled(300, 5_000)) },
    );
  });
});
