import { describe, expect, it } from 'vitest';
import type { ProblemCode } from '../../protocol/schemas';
import { explanationOf, operationReason } from './labels';
import { importedState, type OpState, type ReviewReason } from './operation-state';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';

const retry = { attempts: 0, notBefore: 0 };
const receipt = sampleReceipt({ operationId: 'L.1', resultingQuantity: 1, itemRevision: 2 });
const review = (reason: ReviewReason): OpState => ({ kind: 'review', since: 0, reason });

describe('why it needs review or was rejected, as a kind with its facts', () => {
  it('a receipt’s reason, or none', () => {
    expect(operationReason({ kind: 'rejected', since: 0, reason: 'unknown-item' })).toEqual({
      kind: 'rejected',
      reason: 'unknown-item',
    });
    expect(operationReason({ kind: 'rejected', since: 0, reason: null })).toEqual({
      kind: 'rejected',
      reason: null,
    });
    expect(operationReason(review({ code: 'receipt', reason: 'stale-count' }))).toEqual({
      kind: 'review',
      reason: 'stale-count',
    });
  });

  it('a 410 and each kind of refusal', () => {
    expect(operationReason(review({ code: 'expired', answer: 'unchecked', retry }))).toEqual({
      kind: 'expired',
    });
    const refused = (problem: ProblemCode | null) =>
      operationReason(review({ code: 'refused', httpStatus: 422, problem, detail: 'bad sku' }));
    expect(refused('key-reused')).toEqual({ kind: 'key-reused' });
    expect(refused('invalid-operation-metadata')).toEqual({ kind: 'identity-refused' });
    expect(refused('invalid-request')).toEqual({ kind: 'content-refused', detail: 'bad sku' });
    expect(refused(null)).toEqual({ kind: 'content-refused', detail: 'bad sku' });
  });

  it('restored work, and a change lost in a server restore (while asked: none, it is checked)', () => {
    expect(operationReason(importedState(0))).toEqual({ kind: 'imported' });
    const lost = (answer: 'unchecked' | 'missing') =>
      operationReason(review({ code: 'restored', confirmedAt: 0, answer, retry }));
    expect(lost('missing')).toEqual({ kind: 'restored', confirmedAt: '1970-01-01T00:00:00.000Z' });
    expect(lost('unchecked')).toBeNull();
  });

  it('has no reason for the other states', () => {
    expect(operationReason({ kind: 'confirmed', since: 0 })).toBeNull();
    expect(operationReason({ kind: 'queued', retry })).toBeNull();
  });
});

describe('what the detail view explains, as a kind', () => {
  const unknown = { kind: 'unknown', since: 0, retry, notYet: false } as const;
  const checking = (prior: Extract<OpState, { kind: 'checking' }>['prior']): OpState => ({
    kind: 'checking',
    attemptId: 'a',
    since: 0,
    via: 'status',
    prior,
  });

  it('no result: unknown, and a check after one', () => {
    expect(explanationOf(unknown)).toEqual({ kind: 'no-result' });
    expect(explanationOf(checking(unknown))).toEqual({ kind: 'no-result' });
  });

  it('a check of work restored from a backup is no lost answer: it explains the restore', () => {
    const imported = importedState(0);
    if (imported.kind !== 'review') throw new Error('shape');
    expect(explanationOf(checking(imported))).toEqual({ kind: 'imported-asking' });
    const expired = review({ code: 'expired', answer: 'unchecked', retry });
    if (expired.kind !== 'review') throw new Error('shape');
    expect(explanationOf(checking(expired))).toEqual({ kind: 'expired-review' });
  });

  it('waiting: sign-in, a server problem with its detail, retries paused', () => {
    const waiting = (why: 'sign-in' | 'server-problem' | 'retries-exhausted'): OpState => ({
      kind: 'waiting',
      since: 0,
      why,
      uncertain: false,
      detail: 'HTTP 500',
    });
    expect(explanationOf(waiting('sign-in'))).toEqual({ kind: 'sign-in' });
    expect(explanationOf(waiting('server-problem'))).toEqual({
      kind: 'server-problem',
      detail: 'HTTP 500',
    });
    expect(explanationOf(waiting('retries-exhausted'))).toEqual({ kind: 'retries-paused' });
  });

  it('finishing only when the local write failed', () => {
    expect(explanationOf({ kind: 'finishing', receipt, localWriteFailed: false })).toBeNull();
    expect(explanationOf({ kind: 'finishing', receipt, localWriteFailed: true })).toEqual({
      kind: 'local-write-failed',
    });
  });

  it('review by what the server said so far; nothing for a receipt’s review', () => {
    const imported = importedState(0);
    if (imported.kind !== 'review' || imported.reason.code !== 'imported') throw new Error('shape');
    expect(explanationOf(imported)).toEqual({ kind: 'imported-asking' });
    expect(
      explanationOf({ ...imported, reason: { ...imported.reason, answer: 'not-yet' } }),
    ).toEqual({ kind: 'imported-not-yet' });
    expect(explanationOf(review({ code: 'receipt', reason: 'stale-count' }))).toBeNull();
  });

  it('expired, not applied; nothing for the plain states', () => {
    expect(explanationOf({ kind: 'expired', since: 0 })).toEqual({ kind: 'expired' });
    expect(explanationOf({ kind: 'not-applied', since: 0 })).toEqual({ kind: 'not-applied' });
    expect(explanationOf({ kind: 'queued', retry })).toBeNull();
    expect(explanationOf({ kind: 'sending', attemptId: 'a', since: 0, retry })).toBeNull();
    expect(explanationOf({ kind: 'confirmed', since: 0 })).toBeNull();
    expect(explanationOf({ kind: 'rejected', since: 0, reason: null })).toBeNull();
  });
});
