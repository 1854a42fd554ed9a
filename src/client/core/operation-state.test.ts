import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../protocol/schemas';
import type { BackoffPolicy } from './backoff';
import {
  awaitsStatus,
  importedState,
  initialState,
  next,
  type OpEvent,
  type OpState,
} from './operation-state';

const policy: BackoffPolicy = { baseMs: 1000, capMs: 300_000, maxAttempts: 3 };

const receipt = (outcome: Receipt['outcome'], reason: Receipt['reason'] = null): Receipt => ({
  operationId: 'L1.0',
  outcome,
  reason,
  itemId: 'lamp-14',
  delta: outcome === 'applied' ? -2 : 0,
  resultingQuantity: 10,
  itemRevision: 8,
  recordedAt: '2026-11-29T17:00:00.312Z',
  compacted: false,
});

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
