/**
 * The background sender: drains the outbox of the signed-in user, in creation order, in batches.
 * Used by the tabs (through createClient) and, with the same code, by the service worker.
 *
 * One round, under the sender lock:
 *
 *   begin (orphans → unknown; a new round restarts retries: the queue read a page per
 *          transaction, what changes written a chunk per transaction)
 *     → lease fresh enough? (else fetch one; movable operations move onto it)
 *     → loop: plan from IndexedDB → claim (attempt recorded, tx) → network (no tx open)
 *             → settle (each operation's receipt, projection and state in ONE tx) → until the
 *               plan says idle
 *     → pull item changes when receipts arrived
 *
 * A batch's claim and settle are split into transactions with a task turn between them, so a
 * person's change during a long drain waits behind one small transaction: `chunkSize` operations
 * while a person works, growing to `maxChunkSize` while nobody does. A settling transaction that
 * only stores receipts is relaxed (core/write-durability.ts); the claims and every other write
 * stay strict.
 *
 * While batches come back whole and nobody works on the device, the sender works one batch ahead:
 * the next batch is planned and claimed while the last is in flight, and leaves the moment that
 * one's answer is in, before it is settled (the round trip hidden behind the settle). The queue
 * still reaches the server in creation order: a batch leaves only after every operation before it
 * has its receipt. A batch claimed ahead that cannot leave (the answer was not whole, the device
 * went offline) goes back to the queue unsent.
 */
import {
  answerEvent,
  attemptEnd,
  batchAnswers,
  singleAnswer,
  statusAnswer,
  type PerOperation,
} from './core/answers';
import { DEFAULT_BACKOFF, type BackoffPolicy } from './core/retry-policy';
import { DEFAULT_RECHECK, type RecheckPolicy } from './core/recheck';
import {
  heldUntil,
  holdAfterStep,
  pacedWake,
  showInFlightFor,
  type PacingPolicy,
} from './core/pacing';
import { ChunkSizer } from './core/chunk-size';
import { settleDurability } from './core/write-durability';
import { randomId } from './core/clock';
import type { FinishingState } from './core/operation-state';
import { plan } from './core/plan';
import { ensureFreshLease } from './lease-sync';
import { freshestLease } from './core/rules';
import { getMeta, markSessionExpired, signedInAs } from './transactions/meta';
import { claimedIds } from './transactions/claims';
import {
  beginRound,
  changedByRoundStart,
  OUTBOX_WRITES,
  readQueuePage,
  readBehind,
  readWork,
  type RoundRestart,
  unclaim,
  type OutboxWrites,
  type Settlement,
} from './transactions/outbox';
import type { AttemptStart } from './core/attempt-rows';
import { askStatus, operationBodies, sendOperations } from './net/api';
import type { HttpOutcome } from './core/http-outcome';
import type { HttpDeps } from './net/http';
import type { ServerSkew } from './core/server-clock';
import { StorageFailure, type LocalStore, type Tx } from './store/local-store';
import type { LeaseRecord, OperationRecord, SessionMeta } from './core/records';
import { pullItemChanges } from './sync-items';
import type { SenderLock } from './tabs';

export interface SenderPolicy extends BackoffPolicy, RecheckPolicy {
  /** Operations per batch request (the server takes up to 500: fewer, larger transactions). */
  batchSize: number;
  /**
   * Operations per local transaction when a batch is claimed or its answers are stored, while a
   * person works on the device: their change waits behind at most one such transaction (every
   * transaction spans all stores), not behind a whole batch's. Each operation's receipt and state
   * still commit together; a batch leaves only once every part of its claim has committed.
   */
  chunkSize: number;
  /**
   * While nobody changes anything, each transaction may be twice the last, up to this (fewer
   * commits; a whole batch by default); the next change by a person brings it back to
   * `chunkSize`.
   */
  maxChunkSize: number;
  /**
   * A person counts as working for this long after their last change: chunks stay at
   * `chunkSize` meanwhile (someone tapping every second would otherwise meet a grown chunk).
   */
  personQuietMs: number;
  /** Fetch a new lease when the freshest one arrived longer ago than this. */
  leaseMaxAgeMs: number;
}

export const DEFAULT_SENDER_POLICY: SenderPolicy = {
  ...DEFAULT_BACKOFF,
  ...DEFAULT_RECHECK,
  batchSize: 500,
  chunkSize: 10,
  maxChunkSize: 500,
  personQuietMs: 1_000,
  leaseMaxAgeMs: 3_600_000,
};

export interface SenderDeps {
  store: LocalStore;
  http: HttpDeps;
  random: () => number;
  policy: SenderPolicy;
  lock: SenderLock;
  isOnline: () => boolean;
  /** A receipt is in hand and its local transaction runs (null: done). */
  finishing?: (id: string, state: FinishingState | null) => void;
  /** Operations settled so far in this round. */
  progress?: (settled: number) => void;
  storageFailed?: (failure: StorageFailure) => void;
  /** The outbox's claim and settle, run inside the sender's transactions (default: outbox.ts). */
  outbox?: OutboxWrites;
  /** Step by step (pacing.ts): absent in the service worker, which nobody watches. */
  pace?: Pace;
  /** The server's clock as last read (rules.ts): deadlines follow the server's clock. */
  serverSkew?: () => ServerSkew | null;
  /** Writes a person asked for so far (a count; absent in the service worker: nobody taps there). */
  personWrites?: () => number;
  /**
   * The service worker's: a tab watches step by step or is in front of a person (tabs.ts
   * `WatchSignal`), so the round leaves everything to that tab's sender and changes nothing. Asked
   * under the sender lock, and again at each step: a tab that comes meanwhile takes over at the next.
   */
  standAside?: () => Promise<boolean>;
}

/** The pace the tabs choose, and the hold it left (kept across rounds: a hold outlives one). */
export interface Pace {
  policy(): PacingPolicy;
  hold: number | null;
}

export type RoundEnd =
  | 'idle'
  | 'offline'
  | 'signed-out'
  | 'sign-in-needed'
  | 'storage-problem'
  /** Nothing done: a watching tab sends it (the service worker's round only). */
  | 'left-to-a-tab';

export interface RoundReport {
  end: RoundEnd;
  /** When the next automatic attempt (a backoff ending, a status question) is due, if any. */
  wakeAt: number | null;
  /** When the lease should be refreshed (a tab's hourly round while online). Always set here. */
  refreshAt?: number | null;
  /** The user still has operations to send or to ask about (resting ones included). Always set. */
  workLeft?: boolean;
  /** Operations rest as "Stored · waiting to retry" (checked again by itself: recheck.ts). */
  resting?: boolean;
  attempts: number;
  receipts: number;
}

export interface RoundStart {
  /** Online again, app start, visibility, sign-in, check-and-resend: restart automatic retries. */
  newRound?: boolean;
  /** "Check and resend safely" on this operation. */
  resendId?: string | null;
  /** The periodic look at resting work: one more attempt each (recheck.ts). */
  recheck?: boolean;
}

/**
 * Operations per read transaction when the sender reads the queue (a round's start, the plan of a
 * batch) while a person works: they wait behind one page, not behind a read of the whole batch.
 * Reads are cheaper than writes, so a page is never smaller; while nobody works it grows with the
 * chunks (a read does not make them grow).
 */
const READ_PAGE = 100;

/** Safety net against a plan that never settles (each step changes a state, so it is not reached). */
const MAX_STEPS = 100_000;

export function drainOnce(deps: SenderDeps, start: RoundStart = {}): Promise<RoundReport> {
  return deps.lock.run(async () => {
    if (await deps.standAside?.()) {
      return { end: 'left-to-a-tab', wakeAt: null, attempts: 0, receipts: 0, workLeft: true };
    }
    const round = new Round(deps);
    const ended = await round.run(start);
    return { ...ended, workLeft: await round.workLeft() };
  });
}

type Ended = Omit<RoundReport, 'workLeft'>;

type StepEnd = 'continue' | 'sign-in-needed' | 'storage-problem' | 'signed-out';

/** Operations whose attempt is recorded, ready to go out once `rest` is claimed too. */
interface Claimed {
  attempt: AttemptStart;
  records: OperationRecord[];
  leases: readonly LeaseRecord[];
  /** The batch's operations still to claim (in later transactions) before it leaves. */
  rest: readonly string[];
}

/** A claimed batch whose request has left: its answer, when it comes. */
interface InFlight {
  claimed: Claimed;
  answer: Promise<HttpOutcome>;
}

class Round {
  private attempts = 0;
  private receipts = 0;
  private settled = 0;
  /** Claimed (all or part) but not sent: given back unsent if the round stops. */
  private next: Claimed | null = null;
  /** Sent ahead, before the last batch settled: landed next. */
  private flying: InFlight | null = null;
  /** The last answer of this round came back whole (a receipt for every operation). */
  private flowing = false;
  /** The server's clock as the lease was last made sure of (steps). */
  private leaseSkew: ServerSkew | null = null;
  private readonly chunks: ChunkSizer;
  private readonly outbox: OutboxWrites;
  constructor(private readonly deps: SenderDeps) {
    const { policy } = deps;
    this.outbox = deps.outbox ?? OUTBOX_WRITES;
    this.chunks = new ChunkSizer(
      { small: policy.chunkSize, large: policy.maxChunkSize, quietMs: policy.personQuietMs },
      deps.personWrites?.() ?? 0,
    );
  }

  /** Operations in the next local transaction of a claim or a settle (core/chunk-size.ts). */
  private chunkSize(): number {
    return this.chunks.next(this.deps.personWrites?.() ?? 0, this.now());
  }

  /** A person works on the device (core/chunk-size.ts): a change of theirs a moment ago. */
  private personWorks(): boolean {
    return this.chunks.working(this.deps.personWrites?.() ?? 0, this.now());
  }

  /** Operations in the next read transaction of the queue (`READ_PAGE`). */
  private readPage(): number {
    return Math.max(READ_PAGE, this.chunks.current(this.deps.personWrites?.() ?? 0, this.now()));
  }

  private now(): number {
    return this.deps.http.clock.now();
  }

  private userId: string | null = null;

  private report(
    end: RoundEnd,
    wakeAt: number | null = null,
    refreshAt: number | null = null,
  ): Ended {
    return { end, wakeAt, refreshAt, attempts: this.attempts, receipts: this.receipts };
  }

  async workLeft(): Promise<boolean> {
    const userId = this.userId;
    if (userId === null) return false;
    const work = await this.deps.store.read((tx) => readWork(tx, userId, 1));
    return work.queue.length + work.checks.length > 0;
  }

  /** A write whose failure is a value (the store reports what it committed to the tabs). */
  private async commit<T>(
    fn: (tx: Tx) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    try {
      const value = await this.deps.store.write(fn);
      return { ok: true, value };
    } catch (e) {
      if (!(e instanceof StorageFailure)) throw e;
      this.deps.storageFailed?.(e);
      return { ok: false };
    }
  }

  async run(start: RoundStart): Promise<Ended> {
    try {
      return await this.steps(start);
    } finally {
      // Claimed ahead but not sent (an error, storage failing).
      if (this.next) await this.release(this.next);
      // Sent ahead while storage failed: its answer is awaited under the lock, not stored. Its
      // operations stay in flight, so the next round asks again with the same ids.
      if (this.flying) await this.flying.answer;
    }
  }

  private async steps(start: RoundStart): Promise<Ended> {
    const { deps } = this;
    const session = await deps.store.read((tx) => getMeta(tx, 'session'));
    if (!session || session.expired) return this.report('signed-out');
    const userId = session.user.id;
    this.userId = userId;
    const restart = {
      all: start.newRound ?? false,
      resendId: start.resendId ?? null,
      recheck: start.recheck ?? false,
    };
    if (!(await this.begin(userId, restart))) return this.report('storage-problem');
    if (!deps.isOnline()) return this.report('offline');

    const lease = await this.refreshLease(session);
    if (lease === 'sign-in-needed' || lease === 'storage-problem') return this.report(lease);
    // "Check and resend safely" ends a step-by-step hold for the step it asked for.
    let asked = restart.resendId !== null;
    // A refusal for lateness may have shown the lease over by the server's clock (client.ts
    // `heard`): the next step takes a fresh lease, so work made since goes under it.
    this.leaseSkew = deps.serverSkew?.() ?? null;
    for (let step = 0; step < MAX_STEPS; step++) {
      const flying = this.flying;
      this.flying = null;
      if (flying) {
        // Sent already: its answer is stored even if the device went offline since. Nothing
        // goes ahead of it once the server's clock moved (`mayGoAhead`).
        const end = await this.land(session, flying);
        if (end !== 'continue') return this.report(end);
        if (!deps.isOnline() && this.flying === null) return this.report('offline');
        continue;
      }
      // (Its first step follows `drainOnce`'s asking.)
      if (step > 0 && (await this.leftToATab())) return this.report('left-to-a-tab');
      const skewNow = deps.serverSkew?.() ?? null;
      if (skewNow !== this.leaseSkew) {
        this.leaseSkew = skewNow;
        const fresh = await this.refreshLease(session);
        if (fresh !== 'continue') return this.report(fresh);
      }
      const work = await this.readWork(userId);
      const next = plan({
        ...work,
        now: this.now(),
        policy: deps.policy,
        batchSize: deps.policy.batchSize,
        skew: deps.serverSkew?.() ?? null,
      });
      let end: StepEnd;
      const held = heldUntil(deps.pace?.hold ?? null, this.now(), asked);
      asked = false;
      if (next.kind === 'idle' || held !== null) {
        const fetchedAt = freshestLease(work.leases)?.fetchedAt;
        if (this.receipts > 0) await this.pullItems(session);
        const refreshAt = fetchedAt === undefined ? null : fetchedAt + deps.policy.leaseMaxAgeMs;
        const wakeAt = pacedWake(next.kind === 'idle' ? next.wakeAt : this.now(), held);
        return {
          ...this.report('idle', wakeAt, refreshAt),
          resting: next.kind === 'idle' && next.blocked === 'waiting',
        };
      }
      if (deps.pace) deps.pace.hold = null;
      if (next.kind === 'send') {
        end = await this.send(session, next.records, work.leases);
      } else {
        end = await this.check(session, next.record, work.leases);
      }
      if (end !== 'continue') return this.report(end);
      if (!deps.isOnline() && this.flying === null) return this.report('offline');
    }
    return this.report('idle');
  }

  /**
   * The next work (outbox.ts `readWork`) from creation order `from` on, up to a batch: the queue
   * read a page per read transaction (`readPage`) with a task turn between them. The plan made
   * from it is checked again operation by operation when the batch is claimed.
   */
  private async readWork(userId: string, from = -Infinity): ReturnType<typeof readWork> {
    const { deps } = this;
    const limit = deps.policy.batchSize;
    let size = Math.min(limit, this.readPage());
    const work = await deps.store.read((tx) => readWork(tx, userId, limit, from, size));
    for (let page = work.queue; page.length === size && work.queue.length < limit;) {
      const next = (page.at(-1)?.order ?? Infinity) + 1;
      await nextTask();
      size = Math.min(this.readPage(), limit - work.queue.length);
      page = await deps.store.read((tx) => readQueuePage(tx, userId, 'queue', next, size));
      work.queue.push(...page);
    }
    return work;
  }

  /**
   * The round's start (outbox.ts `beginRound`): what it may change (`roundStartIndexes`) read a
   * page per read transaction (`readPage`), what changes written `chunkSize` operations per write
   * transaction, a task turn between two of them, so a person's change never waits behind a
   * transaction over the whole queue. False: storage failed.
   */
  private async begin(userId: string, restart: RoundRestart): Promise<boolean> {
    const { deps } = this;
    const at = this.now();
    const changed = new Set<string>(restart.resendId === null ? [] : [restart.resendId]);
    const [claimed, order] = await deps.store.read((tx) =>
      Promise.all([claimedIds(tx, userId), getMeta(tx, 'order')]),
    );
    // Claims still standing were left by a sender that is gone: this one has made none yet.
    for (const id of claimed) changed.add(id);
    for (const index of roundStartIndexes(restart, at, order?.latestMadeAt)) {
      for (let from = -Infinity; ;) {
        const size = this.readPage();
        const page = await deps.store.read((tx) => readQueuePage(tx, userId, index, from, size));
        for (const id of changedByRoundStart(page, at, deps.policy, restart)) changed.add(id);
        const last = page.at(-1);
        if (page.length < size || last === undefined) break;
        from = last.order + 1;
        await nextTask();
      }
    }
    const ids = [...changed];
    const size = Math.max(1, deps.policy.chunkSize);
    for (let i = 0; i < ids.length; i += size) {
      if (i > 0) await nextTask();
      const chunk = ids.slice(i, i + size);
      const begun = await this.commit((tx) =>
        beginRound(tx, userId, chunk, at, deps.policy, restart),
      );
      if (!begun.ok) return false;
    }
    return true;
  }

  private async refreshLease(session: SessionMeta): Promise<StepEnd> {
    const result = await ensureFreshLease(this.deps, session, this.deps.policy.leaseMaxAgeMs);
    if (result === 'unauthorized') return this.signInNeeded(session);
    // Unreachable: keep working with the leases we have (their operations can still be sent).
    return result === 'storage-problem' ? 'storage-problem' : 'continue';
  }

  /** The round's session is still the device's (see `claim`). */
  private stillSignedIn(session: SessionMeta): Promise<boolean> {
    return this.deps.store.read((tx) => signedInAs(tx, session.token));
  }

  private async signInNeeded(session: SessionMeta): Promise<StepEnd> {
    await this.commit((tx) => markSessionExpired(tx, session.token));
    return 'sign-in-needed';
  }

  /**
   * Claims `ids` for `attempt` (null: storage failed). Every claim first makes sure the round's
   * session is still the device's (`signedInAs`): a person who signed out meanwhile, here or in
   * another tab, has nothing more sent with their ended session.
   */
  private async claim(
    session: SessionMeta,
    ids: readonly string[],
    attempt: AttemptStart,
  ): Promise<OperationRecord[] | 'signed-out' | null> {
    const { deps } = this;
    const userId = session.user.id;
    try {
      return await deps.store.write(async (tx) =>
        (await signedInAs(tx, session.token))
          ? this.outbox.claim(tx, userId, ids, attempt)
          : 'signed-out',
      );
    } catch (e) {
      if (!(e instanceof StorageFailure)) throw e;
      deps.storageFailed?.(e);
      return null;
    }
  }

  private async send(
    session: SessionMeta,
    records: readonly OperationRecord[],
    leases: readonly LeaseRecord[],
  ): Promise<StepEnd> {
    const attempt: AttemptStart = {
      attemptId: randomId(this.deps.random),
      kind: 'send',
      at: this.leavesAt(),
    };
    const ids = records.map((r) => r.id);
    const first = this.chunkSize();
    const claimed = await this.claim(session, ids.slice(0, first), attempt);
    if (claimed === null) return 'storage-problem';
    if (claimed === 'signed-out') return claimed;
    return this.transmit(session, { attempt, records: claimed, leases, rest: ids.slice(first) });
  }

  /**
   * The rest of a batch's claim, a chunk per transaction with a task turn between them (a
   * person's change goes in between). What is claimed so far is `this.next` meanwhile (and after:
   * the caller takes it), so a round that stops here gives it back unsent.
   */
  private async claimRest(
    session: SessionMeta,
    claimed: Claimed,
  ): Promise<Claimed | 'signed-out' | null> {
    const all: Claimed = { ...claimed, records: [...claimed.records], rest: [] };
    this.next = all;
    for (let at = 0; at < claimed.rest.length;) {
      await nextTask();
      const size = this.chunkSize();
      const ids = claimed.rest.slice(at, at + size);
      at += size;
      const records = await this.claim(session, ids, claimed.attempt);
      if (records === null || records === 'signed-out') return records;
      all.records.push(...records);
    }
    return all;
  }

  /** Send operations whose attempt is recorded (claimed), then settle what came back. */
  private async transmit(session: SessionMeta, claimedFirst: Claimed): Promise<StepEnd> {
    const whole = await this.claimRest(session, claimedFirst);
    // Storage failed or the person signed out: what is claimed so far goes back unsent as the
    // round stops (`run`).
    if (whole === null) return 'storage-problem';
    if (whole === 'signed-out') return whole;
    this.next = null;
    if (whole.records.length === 0) return 'continue';
    await this.showInFlight();
    return this.land(session, this.launch(session, whole));
  }

  /** The request of a whole claimed batch leaves. */
  private launch(session: SessionMeta, claimed: Claimed): InFlight {
    this.attempts++;
    const bodies = operationBodies(claimed.records, claimed.leases);
    const { attemptId } = claimed.attempt;
    return { claimed, answer: sendOperations(this.deps.http, session.token, bodies, attemptId) };
  }

  /**
   * A batch in flight comes back and is settled. While the round's answers come back whole, the
   * next batch is claimed meanwhile and leaves before this one settles (`this.flying`).
   */
  private async land(session: SessionMeta, flying: InFlight): Promise<StepEnd> {
    const { attempt, records } = flying.claimed;
    // Not while a person works: their change then meets the storage idle while a batch is away.
    if (this.flowing && !this.personWorks() && this.mayGoAhead()) {
      await this.claimAhead(session, flying.claimed);
    }
    const outcome = await flying.answer;
    const at = this.now();
    const ids = records.map((r) => r.id);
    const answers = ids.length === 1 ? [singleAnswer(outcome, at)] : batchAnswers(outcome, ids, at);
    this.flowing = answers.every((a) => a.answer.kind === 'receipt');
    const ahead = this.next;
    this.next = null;
    if (ahead && ahead.records.length > 0) {
      // Claimed before this answer came: the person may have signed out since, or (the worker's
      // round) a tab come to send for itself.
      const goes =
        this.flowing &&
        this.mayGoAhead() &&
        (await this.stillSignedIn(session)) &&
        !(await this.leftToATab());
      if (goes) {
        this.flying = this.launch(session, ahead);
      } else {
        await this.release(ahead);
      }
    }
    return this.settle(session, ids, attempt, outcome, answers, at);
  }

  /** The worker's round, since a tab came to send for itself (`standAside`): it ends at the next step. */
  private async leftToATab(): Promise<boolean> {
    return (await this.deps.standAside?.()) ?? false;
  }

  /**
   * Whether a batch may be claimed or sent ahead: not while step by step holds each state, nor
   * offline, nor once the server's clock moved since the lease was made sure of (the next step
   * takes a fresh lease first).
   */
  private mayGoAhead(): boolean {
    const { deps } = this;
    return (
      (deps.pace?.policy().holdMs ?? 0) <= 0 &&
      deps.isOnline() &&
      (deps.serverSkew?.() ?? null) === this.leaseSkew
    );
  }

  /**
   * The batch after the one in flight, up to a chunk of it (`chunkSize`, a whole batch while
   * nobody works), planned from the queue behind it and claimed in ONE transaction: the claim
   * checks the records the plan read (`this.next` until it leaves or goes back).
   */
  private async claimAhead(session: SessionMeta, inFlight: Claimed): Promise<void> {
    const { deps } = this;
    const userId = session.user.id;
    const after = Math.max(...inFlight.records.map((r) => r.order));
    const size = Math.min(deps.policy.batchSize, this.chunkSize());
    const at = this.now();
    // Stamped as claimed: it leaves within the round trip of the batch in flight.
    const attempt: AttemptStart = { attemptId: randomId(deps.random), kind: 'send', at };
    const ahead = await this.commit(async (tx): Promise<Claimed | null> => {
      const { queue, leases } = await readBehind(tx, userId, after + 1, size);
      const next = plan({
        queue,
        checks: [],
        leases,
        now: at,
        policy: deps.policy,
        batchSize: size,
        skew: deps.serverSkew?.() ?? null,
      });
      if (next.kind !== 'send') return null;
      const ids = next.records.map((r) => r.id);
      const records = await this.outbox.claim(tx, userId, ids, attempt, next.records);
      return { attempt, records, leases, rest: [] };
    });
    // Storage failed: the transaction claimed nothing.
    if (ahead.ok) this.next = ahead.value;
  }

  private async check(
    session: SessionMeta,
    record: OperationRecord,
    leases: readonly LeaseRecord[],
  ): Promise<StepEnd> {
    const attempt: AttemptStart = {
      attemptId: randomId(this.deps.random),
      kind: 'status',
      at: this.leavesAt(),
    };
    const claimed = await this.claim(session, [record.id], attempt);
    if (claimed === null) return 'storage-problem';
    if (claimed === 'signed-out') return claimed;
    if (claimed.length === 0) return 'continue';
    this.attempts++;
    await this.showInFlight();
    const token = leases.find((l) => l.id === record.leaseId)?.token ?? '';
    const outcome = await askStatus(
      this.deps.http,
      session.token,
      token,
      record.id,
      attempt.attemptId,
    );
    const at = this.now();
    return this.settle(session, [record.id], attempt, outcome, [statusAnswer(outcome, at)], at);
  }

  private async settle(
    session: SessionMeta,
    ids: readonly string[],
    attempt: AttemptStart,
    outcome: HttpOutcome,
    answers: readonly PerOperation[],
    at: number,
  ): Promise<StepEnd> {
    const { deps } = this;
    const settlements = ids.map((id, i): Settlement => {
      const { answer, httpStatus } = answers[i] ?? {
        answer: { kind: 'no-answer' },
        httpStatus: null,
      };
      const end = attemptEnd(outcome, at, httpStatus);
      return answer.kind === 'receipt'
        ? { id, attempt, end, kind: 'receipt', receipt: answer.receipt, text: answer.text }
        : {
            id,
            attempt,
            end,
            kind: 'event',
            event: answerEvent(answer, attempt.attemptId, at, deps.random()),
          };
    });
    const withReceipt = settlements.filter((s) => s.kind === 'receipt');
    for (const s of withReceipt)
      deps.finishing?.(s.id, { kind: 'finishing', receipt: s.receipt, localWriteFailed: false });
    const userId = session.user.id;
    // Stored so far: a failure leaves the rest "finishing" (receipt in hand, not stored here).
    let stored = 0;
    try {
      while (stored < settlements.length) {
        // Between two chunks the event loop turns: a person's change asked for meanwhile
        // commits before the next chunk, and the page's own work runs.
        if (stored > 0) await nextTask();
        const chunk = settlements.slice(stored, stored + this.chunkSize());
        // Receipts alone may be relaxed (the server gives them again).
        await deps.store.write(
          (tx) => {
            // The attempt's timeline row is written once, whole, with the first chunk.
            const ends = stored === 0 ? settlements : [];
            return this.outbox.settle(tx, userId, chunk, at, deps.policy, ends);
          },
          { durability: settleDurability(chunk) },
        );
        stored += chunk.length;
        this.settledChunk(chunk);
      }
    } catch (e) {
      if (!(e instanceof StorageFailure)) throw e;
      for (const s of settlements.slice(stored)) {
        if (s.kind !== 'receipt') continue;
        deps.finishing?.(s.id, { kind: 'finishing', receipt: s.receipt, localWriteFailed: true });
      }
      deps.storageFailed?.(e);
      return 'storage-problem';
    }
    if (deps.pace) {
      const final = withReceipt.length === settlements.length;
      deps.pace.hold = holdAfterStep({ final }, this.now(), deps.pace.policy());
    }
    return answers.some((a) => a.answer.kind === 'sign-in')
      ? this.signInNeeded(session)
      : 'continue';
  }

  /** Settlements whose transaction committed: shown as stored, counted as progress. */
  private settledChunk(chunk: readonly Settlement[]): void {
    const { deps } = this;
    let receipts = 0;
    for (const s of chunk) {
      if (s.kind !== 'receipt') continue;
      receipts++;
      deps.finishing?.(s.id, null);
    }
    this.receipts += receipts;
    this.settled += chunk.length;
    deps.progress?.(this.settled);
  }

  /**
   * A claimed batch the round will not send: provably never left the device, so it goes back to
   * the queue as it was (a tab closed before this leaves it to the next round: outcome unknown,
   * which is always safe).
   */
  private async release(claimed: Claimed): Promise<void> {
    this.next = null;
    await this.commit((tx) =>
      unclaim(
        tx,
        claimed.records.map((r) => r.id),
        claimed.attempt.attemptId,
      ),
    );
  }

  /**
   * When an attempt claimed now leaves the device: at once, or after the step-by-step moment in
   * flight (showInFlight). Its recorded time is that instant, so the timeline's "sent" row is
   * stamped when the request really goes, not when it was claimed.
   */
  private leavesAt(): number {
    const pace = this.deps.pace;
    return this.now() + (pace ? showInFlightFor(pace.policy()) : 0);
  }

  /**
   * Step by step: the attempt is recorded and shows as in flight; it stays on screen a moment
   * before the request leaves. Outside any transaction, and nothing changes meanwhile.
   */
  private async showInFlight(): Promise<void> {
    const pace = this.deps.pace;
    const ms = pace ? showInFlightFor(pace.policy()) : 0;
    if (ms <= 0) return;
    const { clock } = this.deps.http;
    await new Promise<void>((resolve) => clock.setTimeout(resolve, ms));
  }

  private async pullItems(session: SessionMeta): Promise<void> {
    if (!(await this.stillSignedIn(session))) return;
    const result = await pullItemChanges(this.deps, session.token);
    if (result === 'unauthorized') await this.signInNeeded(session);
  }
}

/**
 * Where a round's start looks: the `restart` index (what it may change), or the whole queue (and
 * the checks, for a new round) when this device's clock reads earlier than the latest making here:
 * work untouched since it was made may then be due later than now, and only the round's start
 * makes it due now.
 */
function roundStartIndexes(
  restart: RoundRestart,
  at: number,
  latestMadeAt = -Infinity,
): readonly ('queue' | 'checks' | 'restart')[] {
  if (at >= latestMadeAt) return ['restart'];
  return restart.all ? ['queue', 'checks'] : ['queue'];
}

/** One turn of the event loop (a task, not a microtask: IndexedDB events and timers run first). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
