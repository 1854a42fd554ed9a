import { describe, expect, it } from 'vitest';
import type { HttpOutcome } from './http-outcome';
import { attemptEnd, batchAnswers, singleAnswer, statusAnswer } from './answers';

const receipt = {
  operationId: 'L1.0',
  outcome: 'applied',
  reason: null,
  itemId: 'lamp-14',
  delta: -2,
  resultingQuantity: 10,
  itemRevision: 8,
  recordedAt: '2026-11-29T17:00:00.312Z',
  compacted: false,
};

function response(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpOutcome {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { kind: 'response', status, headers: new Headers(headers), text, json };
}

const problem = (status: number, code: string) => ({
  type: `/problems/${code}`,
  title: code,
  status,
  detail: `detail of ${code}`,
  code,
});

describe('what an answer means for each operation', () => {
  it('a single success is the receipt, kept as the exact bytes sent', () => {
    const text = JSON.stringify(receipt);
    const a = singleAnswer(response(201, text), 0);
    expect(a).toMatchObject({ answer: { kind: 'receipt', text }, httpStatus: 201 });
  });

  it('an unreadable success is no answer (it may have landed), never a failure', () => {
    expect(singleAnswer(response(200, '{"oops":1}'), 0).answer).toEqual({ kind: 'no-answer' });
    expect(singleAnswer({ kind: 'timeout' }, 0).answer).toEqual({ kind: 'no-answer' });
    expect(singleAnswer(response(502, 'bad gateway'), 0).answer).toEqual({ kind: 'no-answer' });
  });

  it('maps the statuses the spec names', () => {
    const kind = (status: number, code: string) =>
      singleAnswer(response(status, problem(status, code)), 0).answer.kind;
    expect(kind(400, 'invalid-request')).toBe('refused');
    expect(kind(422, 'key-reused')).toBe('refused');
    expect(kind(401, 'unauthorized')).toBe('sign-in');
    expect(kind(410, 'operation-expired')).toBe('expired');
    expect(kind(429, 'rate-limited')).toBe('not-accepted');
    expect(kind(408, 'request-timeout')).toBe('not-accepted');
    expect(kind(500, 'internal-error')).toBe('server-problem');
    expect(
      singleAnswer(response(503, problem(503, 'overloaded'), { 'retry-after': '2' }), 0).answer,
    ).toEqual({
      kind: 'not-accepted',
      retryAfterMs: 2000,
    });
  });

  it('reads a batch per operation, in request order, with each one’s status', () => {
    const body = {
      results: [
        { id: 'L1.0', status: 201, receipt },
        { id: 'L1.1', status: 422, problem: problem(422, 'key-reused') },
      ],
    };
    const answers = batchAnswers(
      response(200, body, { 'server-timing': 'tx;dur=2' }),
      ['L1.0', 'L1.1'],
      0,
    );
    expect(answers.map((a) => [a.answer.kind, a.httpStatus])).toEqual([
      ['receipt', 201],
      ['refused', 422],
    ]);
    expect(answers[0]?.answer).toMatchObject({ text: JSON.stringify(receipt) });
    expect(attemptEnd(response(200, body, { 'server-timing': 'tx;dur=2' }), 5, 422)).toEqual({
      endedAt: 5,
      result: 'http-error',
      httpStatus: 422,
      serverTiming: { tx: 2 },
    });
  });

  it('a batch whose answers do not line up with the request is no answer for any', () => {
    const body = { results: [{ id: 'L1.9', status: 201, receipt }] };
    expect(batchAnswers(response(200, body), ['L1.0'], 0).map((a) => a.answer.kind)).toEqual([
      'no-answer',
    ]);
  });

  it('reads the status endpoint', () => {
    expect(statusAnswer(response(200, { state: 'processed', receipt }), 0).answer.kind).toBe(
      'receipt',
    );
    expect(statusAnswer(response(200, { state: 'never-applied' }), 0).answer).toEqual({
      kind: 'status',
      answer: 'never-applied',
    });
  });
});
