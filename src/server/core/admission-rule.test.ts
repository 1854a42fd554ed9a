import { describe, expect, it } from 'vitest';
import { AdmissionRule, type AdmissionLimits, type Lane, type Work } from './admission-rule';

const LIMITS: AdmissionLimits = {
  maxInFlight: 100,
  // A single change waits at most 200 ms, a backlog batch 5 times as long (1 s).
  maxQueueWaitMs: 200,
  targetInFlightMs: 100,
  maxRetryAfterSeconds: 120,
};
const work = (operations: number, lane: Lane = 'backlog', waitedMs = 0): Work => ({
  operations,
  lane,
  waitedMs,
});

/** Until measured, one operation is taken to cost 0.2 ms: the budget is 100 ms ÷ 0.2 = 500 operations. */
describe('AdmissionRule', () => {
  it('starts batches while their operations fit the budget, queues the next, starts it on finish', () => {
    const rule = new AdmissionRule(LIMITS);
    expect(rule.arrive(1, work(300), 0)).toEqual({ kind: 'start' });
    expect(rule.arrive(2, work(300), 0)).toEqual({ kind: 'queue' });
    expect(rule.stats()).toMatchObject({ inFlight: 1, queued: 1 });
    expect(rule.finish(1, 10)).toEqual({ start: [2], shed: [] });
    expect(rule.stats()).toMatchObject({ inFlight: 1, queued: 0 });
  });

  it('starts a batch larger than the budget when nothing else is in flight', () => {
    const rule = new AdmissionRule(LIMITS);
    expect(rule.arrive(1, work(600), 0)).toEqual({ kind: 'start' });
  });

  it('lets a single change start at once while backlog batches wait', () => {
    const rule = new AdmissionRule(LIMITS);
    rule.arrive(1, work(500), 0);
    expect(rule.arrive(2, work(500), 0)).toEqual({ kind: 'queue' });
    expect(rule.arrive(3, work(1, 'interactive'), 0)).toEqual({ kind: 'start' });
  });

  it('serves waiting interactive work before waiting backlog when a request finishes', () => {
    const rule = new AdmissionRule({ ...LIMITS, maxInFlight: 2 });
    rule.arrive(1, work(500), 0);
    rule.arrive(2, work(1, 'interactive'), 0);
    expect(rule.arrive(3, work(100), 0)).toEqual({ kind: 'queue' });
    expect(rule.arrive(4, work(1, 'interactive'), 0)).toEqual({ kind: 'queue' });
    expect(rule.finish(2, 5).start).toEqual([4]);
    expect(rule.finish(1, 6).start).toEqual([3]);
  });

  it('sheds at once what could not start within the bound, with later and later Retry-After', () => {
    const rule = new AdmissionRule(LIMITS);
    const answers = Array.from({ length: 60 }, (_, i) => rule.arrive(i, work(500), 0));
    const shed = answers.flatMap((a) => (a.kind === 'shed' ? [a.retryAfterSeconds] : []));
    // 1 starts, 30 queue (up to 3 s of predicted wait, three times a batch's 1 s bound: those
    // beyond 1 s are shed when their wait runs out), the rest are shed without waiting.
    expect(answers.filter((a) => a.kind === 'queue')).toHaveLength(30);
    expect(shed).toHaveLength(29);
    // Each shed batch is booked after the work before it: devices come back spread, not at once.
    expect(shed[0]).toBeGreaterThanOrEqual(1);
    shed.slice(1).forEach((s, i) => expect(s).toBeGreaterThanOrEqual(shed[i]!));
    expect(shed[shed.length - 1]!).toBeGreaterThan(shed[0]!);
    expect(rule.stats().shed).toBe(29);
  });

  it('tells each shed request to come back half its queue bound before its place, rounded down: one second of work per second', () => {
    const rule = new AdmissionRule(LIMITS);
    const shed = Array.from({ length: 60 }, (_, i) => rule.arrive(i, work(500), 0)).flatMap((a) =>
      a.kind === 'shed' ? [a.retryAfterSeconds] : [],
    );
    // The work before the first shed batch is done at 3.1 s (15,500 operations at 0.2 ms); each is
    // told to come back half its queue bound (0.5 s) before its place, rounded down: back early is
    // a short wait in the queue, back late an idle server. So places up to 3.5 s hear 2 s, and
    // each later second holds 5,000 operations, the server's measured rate (10 batches of 500).
    const perSecond = new Map<number, number>();
    shed.forEach((s) => perSecond.set(s, (perSecond.get(s) ?? 0) + 1));
    expect([...perSecond]).toEqual([
      [2, 4],
      [3, 10],
      [4, 10],
      [5, 5],
    ]);
  });

  /**
   * A rule that measured `fast` ms per operation (1 s), then `slow` (`slowRounds` requests of 990),
   * and what it answers 200 batches of 100 arriving at once: how many it queued (or started), and
   * how many it told to come back after 1 s, 2 s, ….
   */
  function measured(fast: number, slow: number, slowRounds: number, arriving = 200) {
    const rule = new AdmissionRule(LIMITS);
    let ticket = 0;
    let t = 0;
    for (const [msPerOp, rounds, operations] of [
      [fast, 20, 500],
      [slow, slowRounds, 990],
    ] as const) {
      for (let i = 0; i < rounds; i++, ticket++) {
        rule.arrive(ticket, work(operations), t);
        t += operations * msPerOp;
        rule.finish(ticket, t);
      }
    }
    const answers = Array.from({ length: arriving }, () => rule.arrive(ticket++, work(100), t));
    const told: number[] = [];
    for (const a of answers) {
      if (a.kind === 'shed') told[a.retryAfterSeconds] = (told[a.retryAfterSeconds] ?? 0) + 1;
    }
    return {
      admitted: answers.filter((a) => a.kind !== 'shed').length,
      told: Array.from(told, (n) => n ?? 0),
    };
  }

  it('queues and books at the lowest cost measured lately, not at one inflated by a storm arriving at once', () => {
    // 0.1 ms per operation, then 0.5 ms (a thousand requests being read at once): the estimate is
    // ~0.37 ms, the book runs at ~0.1 ms. The queue takes 3 s of work at that cost (three times a
    // batch's bound), and each shed batch books 10 ms: a second's worth (~50 + ~50 batches
    // around the half-second the book leans by) is told 2 s, the next 3 s.
    const { admitted, told } = measured(0.1, 0.5, 5, 400);
    // At ~0.37 ms: ~82 admitted.
    expect(admitted).toBe(301);
    expect(told).toEqual([0, 0, 46, 53]);
  });

  it('books no more than four times faster than the current estimate', () => {
    // Then 4 ms for 8 s: the estimate is ~1.5 ms, the book runs at ~0.37 ms, not at 0.1.
    const { admitted, told } = measured(0.1, 4, 2, 250);
    // ~27 batches of 100 per second (1 s ÷ 37 ms); at 0.1 ms it would be 100.
    expect(admitted).toBe(84);
    expect(told).toEqual([0, 0, 10, 26, 27, 26, 27, 26, 24]);
  });

  it('books at the cost measured now once the lower one is older than 10 s', () => {
    const rule = new AdmissionRule(LIMITS);
    let ticket = 0;
    let t = 0;
    for (const [msPerOp, rounds] of [
      [0.1, 20],
      [1, 15],
    ] as const) {
      for (let i = 0; i < rounds; i++, ticket++) {
        rule.arrive(ticket, work(990), t);
        t += 990 * msPerOp;
        rule.finish(ticket, t);
      }
    }
    const shed = Array.from({ length: 60 }, () => rule.arrive(ticket++, work(100), t)).flatMap(
      (a) => (a.kind === 'shed' ? [a.retryAfterSeconds] : []),
    );
    expect(Math.max(...shed)).toBeGreaterThanOrEqual(4);
  });

  it('queues a batch predicted to wait up to three times its bound, and sheds it when its wait runs out', () => {
    // An estimate measured while a storm is read in is inflated (~10× in a full-size storm):
    // shedding at arrival on it told devices 12–30 s while the server was done after 12 s.
    const rule = new AdmissionRule(LIMITS);
    rule.arrive(0, work(500), 0);
    // Predicted waits (0.2 ms per operation, 100 ms per batch): 0.1 s, 0.2 s, … 3 s, then 3.1 s.
    const answers = Array.from({ length: 31 }, (_, i) => rule.arrive(i + 1, work(500), 0));
    expect(answers.slice(0, 30).every((a) => a.kind === 'queue')).toBe(true);
    expect(answers[30]).toMatchObject({ kind: 'shed' });
    // Nothing finished: after its 1 s bound each queued batch is shed, with a Retry-After.
    expect(rule.nextExpiry()).toBe(1001);
    const late = rule.expire(1001);
    expect(late).toHaveLength(30);
    late.forEach((s) => expect(s.retryAfterSeconds).toBeGreaterThanOrEqual(1));
    // A single change is still shed at arrival beyond its own bound (200 ms).
    const person = new AdmissionRule({ ...LIMITS, maxInFlight: 1 });
    person.arrive(0, work(1, 'interactive'), 0);
    expect(person.arrive(1, work(1, 'interactive', 150), 0)).toEqual({ kind: 'queue' });
    expect(person.arrive(2, work(1, 'interactive', 250), 0)).toMatchObject({ kind: 'shed' });
  });

  it('lets a backlog batch wait five times as long as a single change before shedding it', () => {
    const rule = new AdmissionRule({ ...LIMITS, maxInFlight: 1 });
    rule.arrive(1, work(500), 0);
    expect(rule.arrive(2, work(10), 0)).toEqual({ kind: 'queue' });
    expect(rule.arrive(3, work(1, 'interactive'), 0)).toEqual({ kind: 'queue' });
    expect(rule.expire(201).map((s) => s.ticket)).toEqual([3]);
    expect(rule.nextExpiry()).toBe(1001);
    expect(rule.expire(1000)).toEqual([]);
    expect(rule.expire(1001).map((s) => s.ticket)).toEqual([2]);
  });

  it('never says more than maxRetryAfterSeconds', () => {
    const rule = new AdmissionRule({ ...LIMITS, maxRetryAfterSeconds: 3 });
    const last = Array.from({ length: 200 }, (_, i) => rule.arrive(i, work(500), 0)).pop();
    expect(last).toEqual({ kind: 'shed', retryAfterSeconds: 3 });
  });

  it('counts the time a request took to arrive against its wait, and sheds it when that runs out', () => {
    const rule = new AdmissionRule(LIMITS);
    rule.arrive(1, work(500), 0);
    expect(rule.arrive(2, work(100, 'backlog', 900), 0)).toEqual({ kind: 'queue' });
    expect(rule.nextExpiry()).toBe(101);
    expect(rule.expire(100)).toEqual([]);
    const [late] = rule.expire(101);
    expect(late).toMatchObject({ ticket: 2 });
    expect(late!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(rule.stats()).toMatchObject({ queued: 0, shed: 1 });
    expect(rule.nextExpiry()).toBeNull();
  });

  it('learns the cost per operation from loaded requests and shrinks the budget when work is slow', () => {
    const rule = new AdmissionRule({ ...LIMITS, targetInFlightMs: 200 });
    // Budget 1,000 until measured. 1,000 operations in flight took 2 s: 2 ms each, so the budget
    // drops to its floor, one full batch (500).
    for (let round = 0, t = 0; round < 20; round++, t += 2000) {
      rule.arrive(round, work(1000), t);
      rule.finish(round, t + 2000);
    }
    rule.arrive(100, work(500), 50_000);
    expect(rule.arrive(101, work(1), 50_000)).toEqual({ kind: 'queue' });
  });

  it('keeps a full batch (500) in its budget however dear operations get', () => {
    const rule = new AdmissionRule(LIMITS);
    for (let round = 0, t = 0; round < 20; round++, t += 5000) {
      rule.arrive(round, work(500), t);
      rule.finish(round, t + 5000);
    }
    rule.arrive(100, work(250), 200_000);
    expect(rule.arrive(101, work(250), 200_000)).toEqual({ kind: 'start' });
  });

  it('brings a cost measured in a bad moment back down when requests alone finish fast', () => {
    const rule = new AdmissionRule(LIMITS);
    let ticket = 0;
    let t = 0;
    // 30 s at 2 ms per operation (older than the book's 10 s memory), then five batches of 20
    // alone, each answered in 2 ms: an operation costs at most 0.1 ms.
    for (let i = 0; i < 15; i++, ticket++, t += 1980) {
      rule.arrive(ticket, work(990), t);
      rule.finish(ticket, t + 1980);
    }
    for (let i = 0; i < 5; i++, ticket++, t += 10) {
      rule.arrive(ticket, work(20), t);
      rule.finish(ticket, t + 2);
    }
    const shed = Array.from({ length: 80 }, () => rule.arrive(ticket++, work(500), t)).flatMap(
      (a) => (a.kind === 'shed' ? [a.retryAfterSeconds] : []),
    );
    // At 0.1 ms the queue holds 60 batches (3 s); the rest are told 2–3 s, not a minute (2 ms).
    expect(shed.length).toBeGreaterThan(0);
    expect(Math.max(...shed)).toBeLessThanOrEqual(3);
  });

  it('does not learn from a quiet server (fixed costs such as the fsync are not per operation)', () => {
    const rule = new AdmissionRule(LIMITS);
    for (let i = 0; i < 50; i++) {
      rule.arrive(i, work(1), i * 100);
      rule.finish(i, i * 100 + 50);
    }
    rule.arrive(100, work(300), 10_000);
    expect(rule.arrive(101, work(200), 10_000)).toEqual({ kind: 'start' });
  });
});
