/**
 * Admission control for operation requests, pure (no timers; the caller passes the monotonic time).
 * The adapter (src/server/limits/admission-gate.ts) turns its decisions into promises.
 *
 * Why it counts operations, not requests: a batch of 500 costs 500 times a single change. Counting
 * requests would let 256 batches be "in flight" at once and move the wait to where the shedder
 * does not look (the store's commit queue: one group of 5,000+ operations blocks the event loop
 * for a second, and everything behind it, accepts and timers included, waits). The operations in
 * flight are bounded by what the server processes in `targetInFlightMs` (measured: Little's law on
 * the completions while busy), so a commit group stays short and what waits, waits here, where its
 * age is known and a prompt 503 can be given instead of a silent 30 s.
 *
 *   arrive ─► interactive (a person's single change): starts unless the request cap is reached;
 *   │         goes before every waiting backlog batch
 *   ├──────► backlog (a batch): starts if its operations fit the budget and nobody waits before it
 *   ├──────► queue, if the predicted wait fits the lane's bound (`maxQueueWaitMs`; a batch 5×,
 *   │         and a batch is queued up to 3× its bound: it is shed when its wait runs out)
 *   └──────► shed: 503 with a Retry-After from the appointment book (below)
 *   finish ─► frees its operations; interactive waiters first, then backlog waiters in order
 *   expire ─► waiters whose wait (time before arrival here included) ran out are shed
 *
 * The appointment book: each shed request is told to come back when the work already admitted,
 * queued and promised to earlier shed requests will have been done. Retry-After is a floor for the
 * client (full jitter above it), so returning devices arrive spread at about the rate the server
 * can take them, instead of all at `Retry-After: 1`.
 *
 * The book leans early, because the two errors cost differently (measured in the storm bench,
 * bench/README.md): a device back too early waits in the queue or gets one more prompt 503, a
 * device back too late leaves the server idle while the storm is not over. So the seconds are
 * rounded down to the start of the device's place (not up to its end), and the book runs at the
 * lowest cost measured lately: the cost measured at a storm's start is inflated by the intake of
 * a thousand requests at once (0.73 ms per operation measured against 0.34 steady), and booking
 * at it told devices 3–14 s while the server idled after 2 s.
 */

export type Lane = 'interactive' | 'backlog';

export interface Work {
  operations: number;
  lane: Lane;
  /** Time this request already waited before it reached admission (read, parsed, authenticated). */
  waitedMs: number;
}

export interface AdmissionLimits {
  /** Requests in flight at once (MAX_IN_FLIGHT); backlog batches may use three quarters of it. */
  maxInFlight: number;
  /**
   * The longest a single change may wait for admission (MAX_QUEUE_WAIT) before it is shed; a
   * backlog batch may wait BACKLOG_WAIT_FACTOR times as long.
   */
  maxQueueWaitMs: number;
  /** Aim for an admitted request to be answered within this (bounds one commit group). */
  targetInFlightMs: number;
  /** Retry-After never says more than this. */
  maxRetryAfterSeconds: number;
}

/**
 * A backlog batch is background work (nobody waits at a screen for it) and each 503 costs it a
 * round trip and its client a longer backoff (full jitter doubles with every failure). Bounded to
 * 2 s like a person's change, a quick storm of 1,000 devices shed ~1,000 times and its last devices
 * finished seconds after the server was done with the rest. 5 × 2 s is a third of a client's
 * 30 s timeout: still an answer in time.
 */
export const BACKLOG_WAIT_FACTOR = 5;
/** A batch is shed at arrival only if its predicted wait exceeds this many times its bound. */
export const BACKLOG_ARRIVAL_FACTOR = 3;
/**
 * A single change is admitted at once but joins the next commit group, so it waits about one
 * group: with every batch of a storm queued, the budget stays full. Near-quiet storms gave the
 * person's p50 49–54 ms at 50 ms against 96–98 ms at 100, with the same goodput (the fsync a
 * smaller group adds costs ~0.1 ms).
 */
export const DEFAULT_TARGET_IN_FLIGHT_MS = 50;
export const DEFAULT_MAX_RETRY_AFTER_SECONDS = 120;
/**
 * The budget's floor, whatever the measured cost: one full batch (a batch larger than the budget
 * still starts when nothing else is in flight, so no batch waits forever). With 100, a loaded
 * machine's fixed costs per commit (fsync, a long loop turn) made each measured operation dearer,
 * which shrank the budget, which made the fixed costs weigh more again: 40 operations per second.
 */
const MIN_BUDGET_OPS = 500;
/** Weight of the newest sample in the cost estimate. */
const SMOOTHING = 0.2;
/**
 * Until measured: 5,000 operations per second, on the optimistic side on purpose: a Retry-After
 * too short costs one more prompt 503, one too long leaves the server idle while devices wait.
 */
const INITIAL_MS_PER_OP = 0.2;
/** How long the lowest cost measured is trusted for booking (a slower machine shows within it). */
const BEST_COST_MEMORY_MS = 10_000;
/**
 * The book runs at most this many times faster than the current estimate. Under load the estimate
 * at a storm's start was 2–4× the steady cost; booking at 2× still left the server idle for 3 s
 * (devices told 6–10 s), while a device back too early costs one more request read and shed.
 */
const BOOKING_LEAN = 4;

export type Arrival =
  { kind: 'start' } | { kind: 'queue' } | { kind: 'shed'; retryAfterSeconds: number };

export interface Shed {
  ticket: number;
  retryAfterSeconds: number;
}

export interface Settled {
  start: number[];
  shed: Shed[];
}

export interface ShedStats {
  /** Requests in flight. */
  inFlight: number;
  /** Requests waiting for admission. */
  queued: number;
  shed: number;
  /** Expected time for an admitted request now (ms): the operations in flight at the measured cost. */
  serviceMs: number;
}

interface Started {
  operations: number;
  lane: Lane;
  at: number;
  inFlightOps: number;
}

interface Waiter {
  ticket: number;
  operations: number;
  lane: Lane;
  /** When its wait counts from (its arrival here, less the time it waited before). */
  since: number;
}

export class AdmissionRule {
  private inFlightOps = 0;
  private inFlight = { interactive: 0, backlog: 0 };
  private readonly waiting = { interactive: [] as Waiter[], backlog: [] as Waiter[] };
  private queuedOps = 0;
  private shedCount = 0;
  private msPerOp = INITIAL_MS_PER_OP;
  private bookedUntil = 0;
  /** The lowest smoothed cost measured lately, and when (null: nothing measured yet). */
  private best: { msPerOp: number; at: number } | null = null;
  /** Admitted requests: what they cost and what was in flight (themselves included) when they started. */
  private readonly running = new Map<number, Started>();

  constructor(private readonly limits: AdmissionLimits) {}

  arrive(ticket: number, work: Work, now: number): Arrival {
    const lane = work.lane;
    const ahead = lane === 'interactive' ? 0 : this.queuedOps;
    if (this.waiting[lane].length === 0 && (lane === 'interactive' || ahead === 0)) {
      if (this.fits(lane, work.operations)) {
        this.begin(ticket, lane, work.operations, now);
        return { kind: 'start' };
      }
    }
    const predicted = this.predictedWaitMs(lane, work.operations, now);
    if (predicted + work.waitedMs <= this.arrivalBoundMs(lane)) {
      this.waiting[lane].push({
        ticket,
        operations: work.operations,
        lane,
        since: now - work.waitedMs,
      });
      this.queuedOps += work.operations;
      return { kind: 'queue' };
    }
    return { kind: 'shed', retryAfterSeconds: this.shed(work.operations, lane, now) };
  }

  /** The admitted request `ticket` was answered. */
  finish(ticket: number, now: number): Settled {
    const done = this.running.get(ticket);
    if (done) {
      this.running.delete(ticket);
      this.inFlightOps -= done.operations;
      this.inFlight[done.lane]--;
      this.measure(done, now);
    }
    const shed = this.expire(now);
    const start: number[] = [];
    for (const l of ['interactive', 'backlog'] as const) {
      const queue = this.waiting[l];
      while (queue.length > 0 && this.fits(l, queue[0]!.operations)) {
        const next = queue.shift()!;
        this.queuedOps -= next.operations;
        this.begin(next.ticket, l, next.operations, now);
        start.push(next.ticket);
      }
    }
    return { start, shed };
  }

  /** Sheds every waiter whose wait ran out. */
  expire(now: number): Shed[] {
    const shed: Shed[] = [];
    for (const l of ['interactive', 'backlog'] as const) {
      const queue = this.waiting[l];
      while (queue.length > 0 && now - queue[0]!.since > this.maxWaitMs(l)) {
        const late = queue.shift()!;
        this.queuedOps -= late.operations;
        shed.push({
          ticket: late.ticket,
          retryAfterSeconds: this.shed(late.operations, late.lane, now),
        });
      }
    }
    return shed;
  }

  /** When the oldest waiter's wait runs out, or null with nobody waiting. */
  nextExpiry(): number | null {
    const firsts = [this.waiting.interactive[0], this.waiting.backlog[0]].flatMap((w) =>
      w ? [w.since + this.maxWaitMs(w.lane) + 1] : [],
    );
    return firsts.length ? Math.min(...firsts) : null;
  }

  stats(): ShedStats {
    return {
      inFlight: this.inFlight.interactive + this.inFlight.backlog,
      queued: this.waiting.interactive.length + this.waiting.backlog.length,
      shed: this.shedCount,
      serviceMs: this.inFlightOps * this.msPerOp,
    };
  }

  private maxWaitMs(lane: Lane): number {
    return lane === 'interactive'
      ? this.limits.maxQueueWaitMs
      : this.limits.maxQueueWaitMs * BACKLOG_WAIT_FACTOR;
  }

  /**
   * The predicted wait beyond which a request is shed at once. A batch is shed at arrival only far
   * beyond its bound, and otherwise queued and shed when its wait runs out: the prediction rests on
   * the cost measured so far, and while a full-size storm (2,000 requests of 50 operations) is read
   * in, that cost is inflated ~10×, beyond the book's lean (4×). Shed at arrival at that cost,
   * devices were told 12–30 s while the server was done after 12 s and then idled (goodput 0.7).
   * Shed on expiry instead, a batch is told after its 10 s in the queue, at a cost measured on
   * 10 s of real processing. A single change keeps its bound: a person is told at once.
   */
  private arrivalBoundMs(lane: Lane): number {
    return lane === 'interactive'
      ? this.maxWaitMs(lane)
      : this.maxWaitMs(lane) * BACKLOG_ARRIVAL_FACTOR;
  }

  private budget(): number {
    return Math.max(MIN_BUDGET_OPS, Math.floor(this.limits.targetInFlightMs / this.msPerOp));
  }

  private requestCap(lane: Lane): number {
    const max = this.limits.maxInFlight;
    return lane === 'interactive' ? max : Math.max(1, max - Math.ceil(max / 4));
  }

  /**
   * Interactive work needs only a request slot (a single change costs little, and a person waits);
   * backlog work also needs its operations to fit the budget, unless nothing is in flight.
   */
  private fits(lane: Lane, operations: number): boolean {
    const total = this.inFlight.interactive + this.inFlight.backlog;
    if (total >= this.limits.maxInFlight || this.inFlight[lane] >= this.requestCap(lane)) {
      return false;
    }
    if (lane === 'interactive') return true;
    return this.inFlightOps === 0 || this.inFlightOps + operations <= this.budget();
  }

  private begin(ticket: number, lane: Lane, operations: number, now: number): void {
    this.inFlight[lane]++;
    this.inFlightOps += operations;
    this.running.set(ticket, { operations, lane, at: now, inFlightOps: this.inFlightOps });
  }

  /**
   * Until this request could start: the work before it beyond the budget, at the book's cost (the
   * same lean as Retry-After: a request queued on too short a guess still starts as soon as the
   * server can, or is shed when its bound runs out; one shed on too long a guess comes back late
   * and the server idles meanwhile, as it did for 2 s at the end of a storm).
   */
  private predictedWaitMs(lane: Lane, operations: number, now: number): number {
    const cost = this.bookingCost(now);
    const before = lane === 'interactive' ? this.inFlightOps : this.inFlightOps + this.queuedOps;
    const slotWait = this.inFlight[lane] >= this.requestCap(lane) ? cost : 0;
    return Math.max(0, before + operations - this.budget()) * cost + slotWait;
  }

  /**
   * Books the next free place for `operations` (after the work admitted, queued and booked before)
   * and says how many whole seconds until it starts, rounded down (see the appointment book above).
   */
  private shed(operations: number, lane: Lane, now: number): number {
    this.shedCount++;
    const cost = this.bookingCost(now);
    const backlogDone = now + (this.inFlightOps + this.queuedOps) * cost;
    const place = Math.max(this.bookedUntil, backlogDone);
    this.bookedUntil = place + operations * cost;
    // Back up to half its queue bound early, it waits in the queue (no idle server meanwhile)
    // and still starts within its bound: a full-size storm idled 5 s for devices told 16–18 s.
    const seconds = Math.floor((place - now - this.maxWaitMs(lane) / 2) / 1000);
    return Math.min(this.limits.maxRetryAfterSeconds, Math.max(1, seconds));
  }

  /**
   * The cost the book runs at: the lowest measured within BEST_COST_MEMORY_MS, but never below
   * 1/BOOKING_LEAN of the current estimate (too early a return is one more 503 to read and answer).
   */
  private bookingCost(now: number): number {
    const best = this.best;
    const lowest =
      best && now - best.at <= BEST_COST_MEMORY_MS
        ? Math.min(best.msPerOp, this.msPerOp)
        : this.msPerOp;
    return Math.max(lowest, this.msPerOp / BOOKING_LEAN);
  }

  /**
   * The cost per operation (Little's law): a request that started with `inFlightOps` operations in
   * flight (itself included) was answered after all of them, so its time ÷ those operations is the
   * cost of one. Only a loaded server says what it can do: requests that started with less than
   * half the budget in flight (their time is mostly fixed costs such as the fsync) are not counted
   * as samples. They still bound the cost from above (a request's own operations were done within
   * its time), which is what brings an estimate made in a bad moment back down: without it, a
   * storm's slow start kept 25 ms per operation for 100 s, the book spread devices 1–120 s apart,
   * and so no request ever found the server loaded enough to measure it again.
   */
  private measure(done: Started, now: number): void {
    if (done.inFlightOps < this.budget() / 2) {
      this.msPerOp = Math.min(this.msPerOp, (now - done.at) / done.operations);
    } else {
      const sample = (now - done.at) / done.inFlightOps;
      this.msPerOp += SMOOTHING * (sample - this.msPerOp);
    }
    if (
      !this.best ||
      this.msPerOp <= this.best.msPerOp ||
      now - this.best.at > BEST_COST_MEMORY_MS
    ) {
      this.best = { msPerOp: this.msPerOp, at: now };
    }
  }
}
