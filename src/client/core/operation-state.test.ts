import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../protocol/schemas';
import type { BackoffPolicy } from './retry-policy';
import {
  awaitsStatus,
  eligible,
  importedState,
  initialState,
  isPending,
  mayRestart,
  next,
  type OpEvent,
  type OpState,
  type ReviewReason,
} from './operation-state';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';

const policy: BackoffPolicy = { baseMs: 1000, capMs: 300_000, maxAttempts: 3 };

const receipt = (outcome: Receipt['outcome'], reason: Receipt['reason'] = null): Receipt =>
  sampleReceipt({ operationId: 'L1.0', outcome, reason, delta: outcome === 'applied' ? -2 : 0 });

function run(state: OpState, ...events: OpEvent[]): OpState {
  return events.reduce((s, e) => next(s, e, policy), state);
}

const send = (attemptId = 'a1', at = 10): OpEvent => ({ type: 'send-started', attemptId, at });
const noAnswer = (attemptId = 'a1', at = 20, jitter = 0.5): OpEvent => ({
  type: 'no-answer',
  attemptId,
  at,
  jitter,
});

describe('operation state machine', () => {
  it('starts queued and sends', () => {
    const s = run(initialState(0), send());
    expect(s).toMatchObject({ kind: 'sending', attemptId: 'a1', since: 10 });
  });

  it('a timeout makes the outcome unknown, never a failure, and backs off with jitter', () => {
    const s = run(initialState(0), send(), noAnswer('a1', 20, 0.5));
    expect(s).toEqual({
      kind: 'unknown',
      since: 20,
      retry: { attempts: 1, notBefore: 20 + 500 },
      notYet: false,
    });
  });

  it('recovery reuses the identity: an unknown operation is checked, not sent anew', () => {
    const s = run(initialState(0), send(), noAnswer(), send('a2', 600));
    expect(s).toMatchObject({ kind: 'checking', attemptId: 'a2', via: 'resend' });
  });

  it('rests as waiting (still uncertain) once the bound of automatic attempts is reached', () => {
    const s = run(
      initialState(0),
      send('a1'),
      noAnswer('a1'),
      send('a2'),
      noAnswer('a2'),
      send('a3'),
      noAnswer('a3', 99),
    );
    expect(s).toEqual({
      kind: 'waiting',
      since: 99,
      why: 'retries-exhausted',
      uncertain: true,
      detail: null,
    });
    // A new round resumes it as unknown (it may have landed), with a fresh count.
    expect(run(s, { type: 'new-round', at: 500 })).toEqual({
      kind: 'unknown',
      since: 99,
      retry: { attempts: 0, notBefore: 500 },
      notYet: false,
    });
  });

  it('a recheck gives resting work one more attempt; no answer puts it back to rest at once', () => {
    const resting = run(
      initialState(0),
      send('a1'),
      noAnswer('a1'),
      send('a2'),
      noAnswer('a2'),
      send('a3'),
      noAnswer('a3', 99),
    );
    const rechecked = run(resting, { type: 'recheck', at: 200_000 });
    expect(rechecked).toEqual({
      kind: 'unknown',
      since: 99,
      retry: { attempts: policy.maxAttempts - 1, notBefore: 200_000 },
      notYet: false,
    });
    expect(run(rechecked, send('a4', 200_000), noAnswer('a4', 200_010))).toEqual({
      kind: 'waiting',
      since: 200_010,
      why: 'retries-exhausted',
      uncertain: true,
      detail: null,
    });
    // An answer ends the rest like any other: the receipt settles it.
    expect(
      run(rechecked, send('a4', 200_000), { type: 'receipt', receipt: receipt('applied') }),
    ).toMatchObject({ kind: 'finishing' });
  });

  it('a recheck resumes work that provably never left as queued; it leaves sign-in waits and other states alone', () => {
    const certain: OpState = {
      kind: 'waiting',
      since: 5,
      why: 'retries-exhausted',
      uncertain: false,
      detail: null,
    };
    expect(run(certain, { type: 'recheck', at: 9 })).toEqual({
      kind: 'queued',
      retry: { attempts: policy.maxAttempts - 1, notBefore: 9 },
    });
    const signIn: OpState = { ...certain, why: 'sign-in', uncertain: true };
    expect(run(signIn, { type: 'recheck', at: 9 })).toBe(signIn);
    const backingOff = run(initialState(0), send(), noAnswer());
    expect(run(backingOff, { type: 'recheck', at: 9 })).toBe(backingOff);
    const serverProblem: OpState = { ...certain, why: 'server-problem', uncertain: true };
    expect(run(serverProblem, { type: 'recheck', at: 9 })).toMatchObject({ kind: 'unknown' });
  });

  it('503/429 on a first attempt keeps it queued (refused before any work) and honours Retry-After', () => {
    const s = run(initialState(0), send(), {
      type: 'not-accepted',
      attemptId: 'a1',
      at: 20,
      jitter: 0,
      retryAfterMs: 7000,
    });
    expect(s).toEqual({ kind: 'queued', retry: { attempts: 1, notBefore: 7020 } });
    // …and after an earlier uncertain attempt it stays unknown.
    const u = run(initialState(0), send(), noAnswer(), send('a2'), {
      type: 'not-accepted',
      attemptId: 'a2',
      at: 30,
      jitter: 0,
      retryAfterMs: null,
    });
    expect(u.kind).toBe('unknown');
  });

  it('a receipt goes through finishing; only the stored event confirms', () => {
    const f = run(initialState(0), send(), { type: 'receipt', receipt: receipt('applied') });
    expect(f).toMatchObject({ kind: 'finishing', localWriteFailed: false });
    expect(run(f, { type: 'local-write-failed' })).toMatchObject({
      kind: 'finishing',
      localWriteFailed: true,
    });
    expect(run(f, { type: 'stored', at: 40 })).toEqual({ kind: 'confirmed', since: 40 });
  });

  it('stored outcomes map to rejected and review with their reasons', () => {
    const rejected = run(
      initialState(0),
      send(),
      { type: 'receipt', receipt: receipt('rejected', 'unknown-item') },
      { type: 'stored', at: 1 },
    );
    expect(rejected).toEqual({ kind: 'rejected', since: 1, reason: 'unknown-item' });
    const review = run(
      initialState(0),
      send(),
      { type: 'receipt', receipt: receipt('review', 'would-go-negative') },
      { type: 'stored', at: 1 },
    );
    expect(review).toEqual({
      kind: 'review',
      since: 1,
      reason: { code: 'receipt', reason: 'would-go-negative' },
    });
  });

  it('a second receipt changes nothing once one is taken', () => {
    const confirmed = run(
      initialState(0),
      send(),
      { type: 'receipt', receipt: receipt('applied') },
      { type: 'stored', at: 1 },
    );
    expect(run(confirmed, { type: 'receipt', receipt: receipt('applied') })).toBe(confirmed);
  });

  it('a late receipt is evidence even after the operation was given up locally', () => {
    const unknown = run(initialState(0), send(), noAnswer());
    expect(run(unknown, { type: 'receipt', receipt: receipt('applied') }).kind).toBe('finishing');
  });

  it('answers to a superseded attempt change nothing', () => {
    const checking = run(initialState(0), send('a1'), noAnswer('a1'), send('a2'));
    expect(run(checking, noAnswer('a1'))).toBe(checking);
  });

  it('400/422 keep it for review, shown plainly', () => {
    const s = run(initialState(0), send(), {
      type: 'refused',
      attemptId: 'a1',
      at: 5,
      httpStatus: 422,
      problem: 'key-reused',
      detail: 'this operation id was already used for different content',
    });
    expect(s).toMatchObject({ kind: 'review', reason: { code: 'refused', problem: 'key-reused' } });
  });

  it('401 waits for sign-in with the same id', () => {
    const s = run(initialState(0), send(), { type: 'sign-in-needed', attemptId: 'a1', at: 5 });
    expect(s).toMatchObject({ kind: 'waiting', why: 'sign-in', uncertain: false });
  });

  it('410 goes to review (expired); the status endpoint then decides', () => {
    const expired = run(initialState(0), send(), { type: 'expired', attemptId: 'a1', at: 5 });
    expect(awaitsStatus(expired)).toBe(true);
    const checking = run(expired, { type: 'status-started', attemptId: 's1', at: 6 });
    expect(checking).toMatchObject({ kind: 'checking', via: 'status' });
    const answer = (a: 'not-yet' | 'never-applied' | 'forgotten'): OpEvent => ({
      type: 'status-answer',
      attemptId: 's1',
      at: 7,
      jitter: 0,
      answer: a,
    });
    expect(run(checking, answer('never-applied'))).toEqual({ kind: 'not-applied', since: 7 });
    expect(run(checking, answer('forgotten'))).toEqual({ kind: 'expired', since: 7 });
    const notYet = run(checking, answer('not-yet'));
    expect(notYet).toMatchObject({
      kind: 'review',
      reason: { code: 'expired', answer: 'not-yet' },
    });
    expect(awaitsStatus(notYet)).toBe(true);
  });

  it('a long-unknown operation the server says is "not yet" processed is resent next', () => {
    const unknown = run(initialState(0), send(), noAnswer());
    const asked = run(
      unknown,
      { type: 'status-started', attemptId: 's1', at: 700 },
      { type: 'status-answer', attemptId: 's1', at: 710, jitter: 0.9, answer: 'not-yet' },
    );
    expect(asked).toEqual({
      kind: 'unknown',
      since: 20,
      retry: { attempts: 2, notBefore: 710 },
      notYet: true,
    });
    expect(run(asked, send('a2', 720))).toMatchObject({ kind: 'checking', via: 'resend' });
    // A resend that gets no answer either clears it: asking is right again.
    const told = {
      kind: 'unknown' as const,
      since: 0,
      retry: { attempts: 0, notBefore: 0 },
      notYet: true,
    };
    expect(run(told, send('a3', 1), noAnswer('a3', 2))).toMatchObject({
      kind: 'unknown',
      notYet: false,
    });
  });

  it('imported work is never sent by itself; one status answer, then the person decides', () => {
    const imported = importedState(100);
    expect(run(imported, send('a1', 101))).toBe(imported);
    const checked = run(
      imported,
      { type: 'status-started', attemptId: 's1', at: 101 },
      { type: 'status-answer', attemptId: 's1', at: 102, jitter: 0, answer: 'not-yet' },
    );
    expect(checked).toMatchObject({
      kind: 'review',
      reason: { code: 'imported', answer: 'not-yet' },
    });
    expect(awaitsStatus(checked)).toBe(false);
    // "Check and resend safely": it may have left the old device, so it resumes as unknown.
    expect(run(checked, { type: 'resend-requested', at: 200 })).toEqual({
      kind: 'unknown',
      since: 200,
      retry: { attempts: 0, notBefore: 200 },
      notYet: false,
    });
  });

  it('an attempt in flight when the sender died becomes unknown on the next start', () => {
    expect(run(initialState(0), send(), { type: 'orphaned', at: 50 }).kind).toBe('unknown');
    const checking = run(initialState(0), send(), noAnswer(), send('a2'));
    expect(run(checking, { type: 'orphaned', at: 50 }).kind).toBe('unknown');
  });

  it('a 500 proves nothing: it waits, uncertain', () => {
    const s = run(initialState(0), send(), {
      type: 'server-problem',
      attemptId: 'a1',
      at: 5,
      httpStatus: 500,
      detail: 'HTTP 500',
    });
    expect(s).toMatchObject({ kind: 'waiting', why: 'server-problem', uncertain: true });
  });
});

describe('operation state machine: every event from every state it can meet', () => {
  const retry = (attempts: number, notBefore: number) => ({ attempts, notBefore });
  const unknown = (since = 5, attempts = 1, notBefore = 50): OpState => ({
    kind: 'unknown',
    since,
    retry: retry(attempts, notBefore),
    notYet: false,
  });
  const expiredReview = (attempts = 0, notBefore = 0): OpState => ({
    kind: 'review',
    since: 1,
    reason: { code: 'expired', answer: 'unchecked', retry: retry(attempts, notBefore) },
  });
  const receiptReview: OpState = {
    kind: 'review',
    since: 1,
    reason: { code: 'receipt', reason: 'stale-count' },
  };
  const refusedReview: OpState = {
    kind: 'review',
    since: 1,
    reason: { code: 'refused', httpStatus: 422, problem: 'key-reused', detail: 'd' },
  };
  const statusCheck = (s: OpState, attemptId = 's1', at = 100) =>
    run(s, { type: 'status-started', attemptId, at });
  const finals: OpState[] = [
    { kind: 'confirmed', since: 1 },
    { kind: 'rejected', since: 1, reason: null },
    { kind: 'expired', since: 1 },
    { kind: 'not-applied', since: 1 },
  ];

  it('asks the status endpoint about an expired review and unchecked restored work only', () => {
    expect(awaitsStatus(expiredReview())).toBe(true);
    expect(awaitsStatus(importedState(0))).toBe(true);
    const imported = importedState(0);
    if (imported.reason.code !== 'imported') throw new Error('shape');
    expect(awaitsStatus({ ...imported, reason: { ...imported.reason, answer: 'not-yet' } })).toBe(
      false,
    );
    expect(awaitsStatus(receiptReview)).toBe(false);
    expect(awaitsStatus(refusedReview)).toBe(false);
    expect(awaitsStatus(unknown())).toBe(false);
  });

  it('an automatic attempt is due below the bound, from its earliest time on', () => {
    expect(eligible(retry(2, 100), 100, policy)).toBe(true);
    expect(eligible(retry(2, 100), 99, policy)).toBe(false);
    expect(eligible(retry(3, 0), 100, policy)).toBe(false);
    expect(eligible(retry(0, 0), 0, policy)).toBe(true);
  });

  it('is pending until a final state', () => {
    expect(isPending(initialState(0))).toBe(true);
    expect(isPending(unknown())).toBe(true);
    expect(isPending(receiptReview)).toBe(false);
    for (const s of finals) expect(isPending(s)).toBe(false);
  });

  it('a status question starts only from unknown or a review that awaits it', () => {
    expect(statusCheck(unknown())).toMatchObject({ kind: 'checking', via: 'status', since: 100 });
    expect(statusCheck(expiredReview())).toMatchObject({ kind: 'checking', via: 'status' });
    const queued = initialState(0);
    expect(statusCheck(queued)).toBe(queued);
    expect(statusCheck(receiptReview)).toBe(receiptReview);
    expect(run(receiptReview, send())).toBe(receiptReview);
  });

  it('no answer on a resend keeps when the outcome first became unknown', () => {
    expect(run(unknown(5), send('a2', 60), noAnswer('a2', 70, 0))).toEqual({
      kind: 'unknown',
      since: 5,
      retry: retry(2, 70),
      notYet: false,
    });
  });

  it('no answer or 503 on a status question of a review backs off the checks, keeping the review', () => {
    const checking = statusCheck(expiredReview(0, 0), 's1', 100);
    const afterSilence = run(checking, noAnswer('s1', 110, 0));
    expect(afterSilence).toEqual({
      kind: 'review',
      since: 1,
      reason: { code: 'expired', answer: 'unchecked', retry: retry(1, 110) },
    });
    const afterBusy = run(checking, {
      type: 'not-accepted',
      attemptId: 's1',
      at: 110,
      jitter: 0,
      retryAfterMs: 4000,
    });
    expect(afterBusy).toEqual({
      kind: 'review',
      since: 1,
      reason: { code: 'expired', answer: 'unchecked', retry: retry(1, 110) },
    });
    const importedCheck = statusCheck(importedState(0), 's1', 100);
    expect(run(importedCheck, noAnswer('s1', 110, 1))).toMatchObject({
      kind: 'review',
      // A draw of 1 (outside [0, 1)) stays below the full-jitter ceiling of 1000 ms.
      reason: { code: 'imported', answer: 'unchecked', retry: { attempts: 1, notBefore: 1109 } },
    });
  });

  it('a queued operation refused before any work every time rests as waiting, certain it never landed', () => {
    const busy = (attemptId: string, at: number): OpEvent => ({
      type: 'not-accepted',
      attemptId,
      at,
      jitter: 0,
      retryAfterMs: null,
    });
    const s = run(
      initialState(0),
      send('a1', 1),
      busy('a1', 2),
      send('a2', 3),
      busy('a2', 4),
      send('a3', 5),
      busy('a3', 6),
    );
    expect(s).toEqual({
      kind: 'waiting',
      since: 6,
      why: 'retries-exhausted',
      uncertain: false,
      detail: null,
    });
  });

  it('answers that do not belong to the attempt in flight change nothing', () => {
    const sending = run(initialState(0), send('a1'));
    const others: OpEvent[] = [
      noAnswer('zz'),
      { type: 'not-accepted', attemptId: 'zz', at: 20, jitter: 0, retryAfterMs: null },
      { type: 'refused', attemptId: 'zz', at: 20, httpStatus: 422, problem: null, detail: 'd' },
      { type: 'expired', attemptId: 'zz', at: 20 },
      { type: 'status-answer', attemptId: 'zz', at: 20, jitter: 0, answer: 'never-applied' },
      { type: 'sign-in-needed', attemptId: 'zz', at: 20 },
      { type: 'server-problem', attemptId: 'zz', at: 20, httpStatus: 500, detail: 'x' },
    ];
    for (const e of others) expect(run(sending, e)).toBe(sending);
    // Nothing in flight at all: the same events are ignored too.
    const queued = initialState(0);
    for (const e of others) expect(run(queued, { ...e, attemptId: 'a1' } as OpEvent)).toBe(queued);
    for (const s of finals) expect(run(s, noAnswer('a1'))).toBe(s);
  });

  it('a status answer only counts for a status question, not for a send', () => {
    const sending = run(initialState(0), send('a1'));
    expect(
      run(sending, {
        type: 'status-answer',
        attemptId: 'a1',
        at: 20,
        jitter: 0,
        answer: 'forgotten',
      }),
    ).toBe(sending);
    const checking = statusCheck(unknown(), 's1');
    expect(
      run(checking, {
        type: 'status-answer',
        attemptId: 's1',
        at: 20,
        jitter: 0,
        answer: 'forgotten',
      }),
    ).toEqual({ kind: 'expired', since: 20 });
  });

  it('"not yet" on the last automatic attempt rests as waiting, not marked for an immediate resend', () => {
    const checking = statusCheck(unknown(5, 2, 0), 's1');
    const s = run(checking, {
      type: 'status-answer',
      attemptId: 's1',
      at: 120,
      jitter: 0,
      answer: 'not-yet',
    });
    expect(s).toEqual({
      kind: 'waiting',
      since: 120,
      why: 'retries-exhausted',
      uncertain: true,
      detail: null,
    });
  });

  it('410 starts an expired review that has not asked the status endpoint yet', () => {
    const sending = run(initialState(0), send('a1'));
    expect(run(sending, { type: 'expired', attemptId: 'a1', at: 30 })).toEqual({
      kind: 'review',
      since: 30,
      reason: { code: 'expired', answer: 'unchecked', retry: retry(0, 30) },
    });
  });

  it('a receipt settles any state that has none yet, and only once', () => {
    const r = receipt('applied');
    const waiting: OpState = {
      kind: 'waiting',
      since: 1,
      why: 'sign-in',
      uncertain: true,
      detail: null,
    };
    for (const s of [
      initialState(0),
      unknown(),
      waiting,
      expiredReview(),
      refusedReview,
      { kind: 'expired', since: 1 } as OpState,
      { kind: 'not-applied', since: 1 } as OpState,
    ]) {
      expect(run(s, { type: 'receipt', receipt: r })).toEqual({
        kind: 'finishing',
        receipt: r,
        localWriteFailed: false,
      });
    }
    for (const s of [
      receiptReview,
      { kind: 'confirmed', since: 1 } as OpState,
      { kind: 'rejected', since: 1, reason: null } as OpState,
    ]) {
      expect(run(s, { type: 'receipt', receipt: r })).toBe(s);
    }
    const finishing = run(initialState(0), { type: 'receipt', receipt: r });
    expect(run(finishing, { type: 'receipt', receipt: receipt('rejected') })).toBe(finishing);
  });

  it('stored and local-write-failed only act while finishing', () => {
    const queued = initialState(0);
    expect(run(queued, { type: 'stored', at: 5 })).toBe(queued);
    expect(run(queued, { type: 'local-write-failed' })).toBe(queued);
  });

  it('401 and 500 during a status question of a review leave the review as it was', () => {
    const review = expiredReview(1, 0);
    const checking = statusCheck(review, 's1');
    expect(run(checking, { type: 'sign-in-needed', attemptId: 's1', at: 9 })).toBe(review);
    expect(
      run(checking, {
        type: 'server-problem',
        attemptId: 's1',
        at: 9,
        httpStatus: 500,
        detail: 'x',
      }),
    ).toBe(review);
  });

  it('401 on a first send waits for sign-in, certain it never landed; on a resend, uncertain', () => {
    const first = run(initialState(0), send('a1'), {
      type: 'sign-in-needed',
      attemptId: 'a1',
      at: 9,
    });
    expect(first).toEqual({
      kind: 'waiting',
      since: 9,
      why: 'sign-in',
      uncertain: false,
      detail: null,
    });
    const again = run(unknown(), send('a2'), { type: 'sign-in-needed', attemptId: 'a2', at: 9 });
    expect(again).toMatchObject({ kind: 'waiting', why: 'sign-in', uncertain: true });
  });

  it('an orphaned send becomes unknown and is due at once; an orphaned check returns to what it checked', () => {
    const sending = run({ kind: 'queued', retry: retry(1, 0) }, send('a1', 10));
    expect(run(sending, { type: 'orphaned', at: 40 })).toEqual({
      kind: 'unknown',
      since: 40,
      retry: retry(1, 40),
      notYet: false,
    });
    const prior = unknown();
    expect(run(statusCheck(prior), { type: 'orphaned', at: 40 })).toBe(prior);
    const queued = initialState(0);
    expect(run(queued, { type: 'orphaned', at: 40 })).toBe(queued);
  });

  describe('a new round (online again, app start, sign-in)', () => {
    const round = (s: OpState, at = 1000) => run(s, { type: 'new-round', at });

    it('resting work starts over: uncertain as unknown (keeping since), certain as queued', () => {
      const waiting: OpState = {
        kind: 'waiting',
        since: 7,
        why: 'retries-exhausted',
        uncertain: true,
        detail: null,
      };
      expect(round(waiting)).toEqual({
        kind: 'unknown',
        since: 7,
        retry: retry(0, 1000),
        notYet: false,
      });
      expect(round({ ...waiting, uncertain: false } as OpState)).toEqual({
        kind: 'queued',
        retry: retry(0, 1000),
      });
    });

    it('backing-off work is due at once with its attempts counted afresh', () => {
      expect(round({ kind: 'queued', retry: retry(2, 5000) })).toEqual({
        kind: 'queued',
        retry: retry(0, 1000),
      });
      expect(round(unknown(5, 2, 5000))).toEqual({
        kind: 'unknown',
        since: 5,
        retry: retry(0, 1000),
        notYet: false,
      });
      // Not yet attempted but delayed (Retry-After): due now.
      expect(round({ kind: 'queued', retry: retry(0, 1001) })).toEqual({
        kind: 'queued',
        retry: retry(0, 1000),
      });
      // Already restarted at an earlier time: unchanged (not rewritten).
      const untouched: OpState = { kind: 'queued', retry: retry(0, 1000) };
      expect(round(untouched)).toBe(untouched);
      const earlier: OpState = { kind: 'queued', retry: retry(0, 10) };
      expect(round(earlier)).toBe(earlier);
      const unknownFresh = unknown(5, 0, 1000);
      expect(round(unknownFresh)).toBe(unknownFresh);
      // Attempts made, their backoff already over: the bound starts afresh too.
      expect(round({ kind: 'queued', retry: retry(2, 10) })).toEqual({
        kind: 'queued',
        retry: retry(0, 1000),
      });
    });

    it('restored work is never sent by itself, and a receipt being stored is left to finish', () => {
      const imported = importedState(0);
      expect(round(imported)).toBe(imported);
      const finishing = run(initialState(0), { type: 'receipt', receipt: receipt('applied') });
      expect(round(finishing)).toBe(finishing);
    });

    it('a review asking the status endpoint asks again at once; other states stay', () => {
      expect(round(expiredReview(2, 9000))).toEqual({
        kind: 'review',
        since: 1,
        reason: { code: 'expired', answer: 'unchecked', retry: retry(0, 1000) },
      });
      const fresh = expiredReview(0, 0);
      expect(round(fresh)).toBe(fresh);
      expect(round(receiptReview)).toBe(receiptReview);
      expect(round(refusedReview)).toBe(refusedReview);
      const sending = run(initialState(0), send('a1'));
      expect(round(sending)).toBe(sending);
      const checking = statusCheck(unknown());
      expect(round(checking)).toBe(checking);
      for (const s of finals) expect(round(s)).toBe(s);
    });
  });

  it('"Check and resend safely" sends restored work as uncertain, and restarts anything else', () => {
    expect(run(importedState(0), { type: 'resend-requested', at: 50 })).toEqual({
      kind: 'unknown',
      since: 50,
      retry: retry(0, 50),
      notYet: false,
    });
    expect(run(expiredReview(2, 9000), { type: 'resend-requested', at: 50 })).toMatchObject({
      kind: 'review',
      reason: { code: 'expired', retry: retry(0, 50) },
    });
    expect(run(unknown(5, 2, 9000), { type: 'resend-requested', at: 50 })).toMatchObject({
      kind: 'unknown',
      retry: retry(0, 50),
    });
    expect(run(receiptReview, { type: 'resend-requested', at: 50 })).toBe(receiptReview);
  });
});

describe('what a round’s start may change (mayRestart: the `restart` index holds these)', () => {
  const retryArb = fc.record({
    attempts: fc.integer({ min: 0, max: 4 }),
    notBefore: fc.integer({ min: 0, max: 3_000 }),
  });
  const unknownArb = fc
    .tuple(retryArb, fc.boolean())
    .map(([retry, notYet]) => ({ kind: 'unknown', since: 0, retry, notYet }) as const);
  const reasonArb = retryArb.chain((retry) =>
    fc.constantFrom<ReviewReason>(
      { code: 'expired', answer: 'unchecked', retry },
      { code: 'expired', answer: 'not-yet', retry },
      { code: 'imported', importedAt: 0, answer: 'unchecked', retry },
      { code: 'imported', importedAt: 0, answer: 'not-yet', retry },
      { code: 'restored', confirmedAt: 0, answer: 'unchecked', retry },
      { code: 'restored', confirmedAt: 0, answer: 'missing', retry },
      { code: 'receipt', reason: null },
    ),
  );
  const reviewArb = reasonArb.map((reason) => ({ kind: 'review', since: 0, reason }) as const);
  const stateArb: fc.Arbitrary<OpState> = fc.oneof(
    retryArb.map((retry) => ({ kind: 'queued', retry }) as const),
    unknownArb,
    retryArb.map((retry) => ({ kind: 'sending', attemptId: 'a1', since: 0, retry }) as const),
    fc
      .tuple(fc.oneof(unknownArb, reviewArb), fc.constantFrom('resend', 'status'))
      .map(
        ([prior, via]) => ({ kind: 'checking', attemptId: 's1', since: 0, via, prior }) as const,
      ),
    fc
      .tuple(fc.constantFrom('retries-exhausted', 'sign-in', 'server-problem'), fc.boolean())
      .map(
        ([why, uncertain]) =>
          ({ kind: 'waiting', since: 0, why, uncertain, detail: null }) as const,
      ),
    reviewArb,
    fc.constantFrom<OpState>(
      { kind: 'confirmed', since: 0 },
      { kind: 'rejected', since: 0, reason: null },
      { kind: 'expired', since: 0 },
      { kind: 'not-applied', since: 0 },
    ),
  );

  it('a state no round’s start from `since` on may change is left alone by every one of them', () => {
    fc.assert(
      fc.property(
        stateArb,
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        (state, since, later) => {
          const at = since + later;
          const events: OpEvent[] = [
            { type: 'orphaned', at },
            { type: 'new-round', at },
            { type: 'recheck', at },
          ];
          if (!mayRestart(state, since)) {
            for (const event of events) expect(next(state, event, policy)).toBe(state);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('work untouched since it was made is not read; delayed, backing-off, resting or in-flight work is', () => {
    expect(mayRestart(initialState(100), 100)).toBe(false);
    // A Retry-After delay: no attempt made, but not due yet.
    expect(mayRestart({ kind: 'queued', retry: { attempts: 0, notBefore: 101 } }, 100)).toBe(true);
    expect(mayRestart({ kind: 'queued', retry: { attempts: 1, notBefore: 50 } }, 100)).toBe(true);
    expect(mayRestart(importedState(100), 100)).toBe(false);
    expect(mayRestart(importedState(100), 99)).toBe(true);
    expect(
      mayRestart(
        { kind: 'waiting', since: 0, why: 'retries-exhausted', uncertain: false, detail: null },
        100,
      ),
    ).toBe(true);
    expect(mayRestart({ kind: 'confirmed', since: 0 }, 100)).toBe(false);
  });
});
