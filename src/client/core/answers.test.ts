import { describe, expect, it } from 'vitest';
import type { HttpOutcome } from './http-outcome';
import {
  answerEvent,
  attemptEnd,
  batchAnswers,
  refusalClock,
  singleAnswer,
  statusAnswer,
} from './answers';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';

const receipt = sampleReceipt({ operationId: 'L1.0' });

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

describe('answers that are not what was hoped for', () => {
  it('a refusal without a readable problem still says so, with the status', () => {
    expect(singleAnswer(response(400, 'not json'), 0).answer).toEqual({
      kind: 'refused',
      httpStatus: 400,
      problem: null,
      detail: 'no details were given',
    });
    expect(singleAnswer(response(422, problem(422, 'key-reused')), 0).answer).toEqual({
      kind: 'refused',
      httpStatus: 422,
      problem: 'key-reused',
      detail: 'detail of key-reused',
    });
  });

  it('an unexpected status is a server problem naming the status', () => {
    expect(singleAnswer(response(500, problem(500, 'internal-error')), 0)).toEqual({
      answer: { kind: 'server-problem', httpStatus: 500, detail: 'HTTP 500' },
      httpStatus: 500,
    });
    expect(singleAnswer(response(504, ''), 0).answer).toEqual({ kind: 'no-answer' });
  });

  it('a batch that gets no response is no answer for every operation, with no status', () => {
    for (const outcome of [
      { kind: 'timeout' },
      { kind: 'network-error', message: 'offline' },
    ] as HttpOutcome[]) {
      expect(batchAnswers(outcome, ['L1.0', 'L1.1'], 0)).toEqual([
        { answer: { kind: 'no-answer' }, httpStatus: null },
        { answer: { kind: 'no-answer' }, httpStatus: null },
      ]);
    }
  });

  it('a batch refused as a whole gives every operation that answer, with Retry-After', () => {
    const outcome = response(503, problem(503, 'overloaded'), { 'retry-after': '3' });
    expect(batchAnswers(outcome, ['L1.0', 'L1.1'], 0)).toEqual([
      { answer: { kind: 'not-accepted', retryAfterMs: 3000 }, httpStatus: 503 },
      { answer: { kind: 'not-accepted', retryAfterMs: 3000 }, httpStatus: 503 },
    ]);
    expect(batchAnswers(response(401, problem(401, 'unauthorized')), ['L1.0'], 0)).toEqual([
      { answer: { kind: 'sign-in' }, httpStatus: 401 },
    ]);
  });

  it('an unreadable or short batch body is no answer for every operation (it may have landed)', () => {
    const noAnswers = (body: unknown, ids: string[]) =>
      batchAnswers(response(200, body), ids, 0).map((a) => [a.answer.kind, a.httpStatus]);
    expect(noAnswers('not json', ['L1.0', 'L1.1'])).toEqual([
      ['no-answer', 200],
      ['no-answer', 200],
    ]);
    expect(noAnswers({ results: [{ id: 'L1.0', status: 'x' }] }, ['L1.0'])).toEqual([
      ['no-answer', 200],
    ]);
    expect(
      noAnswers({ results: [{ id: 'L1.0', status: 201, receipt }] }, ['L1.0', 'L1.1']),
    ).toEqual([
      ['no-answer', 200],
      ['no-answer', 200],
    ]);
  });

  it('the status endpoint: no response, a refusal, an unreadable body, and the other states', () => {
    expect(statusAnswer({ kind: 'timeout' }, 0)).toEqual({
      answer: { kind: 'no-answer' },
      httpStatus: null,
    });
    expect(
      statusAnswer(response(429, problem(429, 'rate-limited'), { 'retry-after': '5' }), 0),
    ).toEqual({ answer: { kind: 'not-accepted', retryAfterMs: 5000 }, httpStatus: 429 });
    expect(statusAnswer(response(200, { state: 'lost' }), 0)).toEqual({
      answer: { kind: 'no-answer' },
      httpStatus: 200,
    });
    expect(statusAnswer(response(200, { state: 'forgotten' }), 0).answer).toEqual({
      kind: 'status',
      answer: 'forgotten',
    });
    const processed = statusAnswer(response(200, { state: 'processed', receipt }), 0);
    expect(processed).toEqual({
      answer: { kind: 'receipt', receipt, text: JSON.stringify(receipt) },
      httpStatus: 200,
    });
  });

  it('the timeline tells a timeout, a network error, a success and a refusal apart', () => {
    expect(attemptEnd({ kind: 'timeout' }, 7, null)).toEqual({
      endedAt: 7,
      result: 'timeout',
      httpStatus: null,
      serverTiming: {},
    });
    expect(attemptEnd({ kind: 'network-error', message: 'x' }, 8, null)).toEqual({
      endedAt: 8,
      result: 'network-error',
      httpStatus: null,
      serverTiming: {},
    });
    expect(attemptEnd(response(201, receipt), 9, 201).result).toBe('response');
    expect(attemptEnd(response(200, {}), 9, 200).result).toBe('response');
    expect(attemptEnd(response(200, 'garbled'), 9, null).result).toBe('http-error');
    expect(attemptEnd(response(503, ''), 9, 503).result).toBe('http-error');
  });
});

describe('the event each non-receipt answer becomes', () => {
  it('carries the attempt, the time and what the answer said', () => {
    expect(answerEvent({ kind: 'no-answer' }, 'a1', 5, 0.5)).toEqual({
      type: 'no-answer',
      attemptId: 'a1',
      at: 5,
      jitter: 0.5,
    });
    expect(answerEvent({ kind: 'not-accepted', retryAfterMs: 10 }, 'a1', 5, 0.5)).toEqual({
      type: 'not-accepted',
      attemptId: 'a1',
      at: 5,
      jitter: 0.5,
      retryAfterMs: 10,
    });
    expect(answerEvent({ kind: 'sign-in' }, 'a1', 5, 0.5)).toEqual({
      type: 'sign-in-needed',
      attemptId: 'a1',
      at: 5,
    });
    expect(
      answerEvent(
        { kind: 'refused', httpStatus: 422, problem: 'key-reused', detail: 'd' },
        'a1',
        5,
        0.5,
      ),
    ).toEqual({
      type: 'refused',
      attemptId: 'a1',
      at: 5,
      httpStatus: 422,
      problem: 'key-reused',
      detail: 'd',
    });
    expect(answerEvent({ kind: 'expired' }, 'a1', 5, 0.5)).toEqual({
      type: 'expired',
      attemptId: 'a1',
      at: 5,
    });
    expect(
      answerEvent({ kind: 'server-problem', httpStatus: 500, detail: 'HTTP 500' }, 'a1', 5, 0.5),
    ).toEqual({
      type: 'server-problem',
      attemptId: 'a1',
      at: 5,
      httpStatus: 500,
      detail: 'HTTP 500',
    });
    expect(answerEvent({ kind: 'status', answer: 'not-yet' }, 'a1', 5, 0.5)).toEqual({
      type: 'status-answer',
      attemptId: 'a1',
      at: 5,
      jitter: 0.5,
      answer: 'not-yet',
    });
  });
});

describe("the server's clock, learned from a refusal", () => {
  const expired = {
    ...problem(410, 'operation-expired'),
    now: '2026-12-10T09:00:00.000Z',
    deadline: '2026-12-09T08:00:00.000Z',
  };
  it('a 410 says what the server clock read', () => {
    expect(refusalClock(response(410, expired))).toBe('2026-12-10T09:00:00.000Z');
  });
  it('inside a batch, the latest reading of any refused entry', () => {
    const later = { ...expired, now: '2026-12-10T09:00:01.000Z' };
    const batch = {
      results: [
        { id: 'L1.0', status: 201, receipt },
        { id: 'L1.1', status: 410, problem: expired },
        { id: 'L1.2', status: 410, problem: later },
      ],
    };
    expect(refusalClock(response(200, batch))).toBe('2026-12-10T09:00:01.000Z');
  });
  it('nothing from other answers, old servers or no answer', () => {
    expect(refusalClock(response(410, problem(410, 'operation-expired')))).toBeNull();
    expect(refusalClock(response(201, receipt))).toBeNull();
    expect(refusalClock(response(422, { ...expired, code: 'key-reused', status: 422 }))).toBeNull();
    expect(refusalClock({ kind: 'timeout' })).toBeNull();
    expect(
      refusalClock(response(200, { results: [{ id: 'L1.0', status: 201, receipt }] })),
    ).toBeNull();
  });
});
