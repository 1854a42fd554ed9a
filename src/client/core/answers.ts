/**
 * What an HTTP exchange means for each operation in it (docs/api.md#operations, #batches,
 * #status). Pure: every response body is checked with the shared zod schemas before it can
 * become a receipt; anything unreadable counts as no answer (the attempt may have landed).
 */
import {
  BatchResponse,
  OperationStatus,
  Problem,
  Receipt,
  type ProblemCode,
} from '../../protocol/schemas';
import type { HttpOutcome } from './http-outcome';
import type { AttemptEnd } from './records';
import { parseRetryAfter } from './retry-policy';
import type { OpEvent } from './operation-state';
import { parseServerTiming } from './server-timing';
import { assertNever } from '../../protocol/assert-never';

export type OpAnswer =
  | { kind: 'receipt'; receipt: Receipt; text: string }
  | { kind: 'no-answer' }
  | { kind: 'not-accepted'; retryAfterMs: number | null }
  | { kind: 'sign-in' }
  | { kind: 'refused'; httpStatus: number; problem: ProblemCode | null; detail: string }
  | { kind: 'expired' }
  | { kind: 'server-problem'; httpStatus: number; detail: string }
  | { kind: 'status'; answer: 'not-yet' | 'never-applied' | 'forgotten' };

function problemOf(json: unknown): { code: ProblemCode | null; detail: string } {
  const parsed = Problem.safeParse(json);
  return parsed.success
    ? { code: parsed.data.code, detail: parsed.data.detail }
    : { code: null, detail: 'no details were given' };
}

/** A receipt exactly as sent: its JSON text, checked against the schema. */
function receiptAnswer(raw: unknown, text: string): OpAnswer {
  const parsed = Receipt.safeParse(raw);
  return parsed.success ? { kind: 'receipt', receipt: parsed.data, text } : { kind: 'no-answer' };
}

/** The meaning of a non-success status, the same for a single request or a batch entry. */
function byStatus(status: number, problemJson: unknown, retryAfterMs: number | null): OpAnswer {
  switch (status) {
    case 400:
    case 422: {
      const p = problemOf(problemJson);
      return { kind: 'refused', httpStatus: status, problem: p.code, detail: p.detail };
    }
    case 401:
      return { kind: 'sign-in' };
    case 410:
      return { kind: 'expired' };
    // 408: the server ended a request whose body had not arrived; nothing was processed.
    case 408:
    case 429:
    case 503:
      return { kind: 'not-accepted', retryAfterMs };
    case 502:
    case 504:
      return { kind: 'no-answer' };
    default:
      return { kind: 'server-problem', httpStatus: status, detail: `HTTP ${status}` };
  }
}

function success(status: number): boolean {
  return status === 200 || status === 201;
}

/** One operation's answer, with the HTTP status that carried it (for the attempt timeline). */
export interface PerOperation {
  answer: OpAnswer;
  httpStatus: number | null;
}

/** `POST /api/operations`: the body of a success is the receipt itself. */
export function singleAnswer(outcome: HttpOutcome, now: number): PerOperation {
  if (outcome.kind !== 'response') return { answer: { kind: 'no-answer' }, httpStatus: null };
  const answer = success(outcome.status)
    ? receiptAnswer(outcome.json, outcome.text)
    : byStatus(
        outcome.status,
        outcome.json,
        parseRetryAfter(outcome.headers.get('retry-after'), now),
      );
  return { answer, httpStatus: outcome.status };
}

/** `POST /api/operations/batch`: one answer per id, in request order. */
export function batchAnswers(
  outcome: HttpOutcome,
  ids: readonly string[],
  now: number,
): PerOperation[] {
  const all = (answer: OpAnswer, httpStatus: number | null) =>
    ids.map(() => ({ answer, httpStatus }));
  if (outcome.kind !== 'response') return all({ kind: 'no-answer' }, null);
  if (outcome.status !== 200) {
    const retryAfter = parseRetryAfter(outcome.headers.get('retry-after'), now);
    return all(byStatus(outcome.status, outcome.json, retryAfter), outcome.status);
  }
  const parsed = BatchResponse.safeParse(outcome.json);
  const raw = (outcome.json as { results?: { receipt?: unknown; problem?: unknown }[] } | undefined)
    ?.results;
  if (!parsed.success || !raw || parsed.data.results.length !== ids.length) {
    return all({ kind: 'no-answer' }, outcome.status);
  }
  return ids.map((id, i): PerOperation => {
    const result = parsed.data.results[i];
    const rawResult = raw[i];
    if (!result || !rawResult || result.id !== id) {
      return { answer: { kind: 'no-answer' }, httpStatus: outcome.status };
    }
    const answer = success(result.status)
      ? receiptAnswer(rawResult.receipt, JSON.stringify(rawResult.receipt))
      : byStatus(result.status, rawResult.problem, null);
    return { answer, httpStatus: result.status };
  });
}

/** `GET /api/operations/{id}`: processed (with the receipt), or what the server knows. */
export function statusAnswer(outcome: HttpOutcome, now: number): PerOperation {
  if (outcome.kind !== 'response') return { answer: { kind: 'no-answer' }, httpStatus: null };
  const httpStatus = outcome.status;
  if (httpStatus !== 200) {
    const retryAfter = parseRetryAfter(outcome.headers.get('retry-after'), now);
    return { answer: byStatus(httpStatus, outcome.json, retryAfter), httpStatus };
  }
  const parsed = OperationStatus.safeParse(outcome.json);
  if (!parsed.success) return { answer: { kind: 'no-answer' }, httpStatus };
  const status = parsed.data;
  if (status.state === 'processed') {
    const raw = (outcome.json as { receipt: unknown }).receipt;
    return { answer: receiptAnswer(raw, JSON.stringify(raw)), httpStatus };
  }
  return { answer: { kind: 'status', answer: status.state }, httpStatus };
}

/** How the attempt ended for one operation, for its timeline. */
export function attemptEnd(
  outcome: HttpOutcome,
  at: number,
  httpStatus: number | null,
): AttemptEnd {
  switch (outcome.kind) {
    case 'timeout':
      return { endedAt: at, result: 'timeout', httpStatus: null, serverTiming: {} };
    case 'network-error':
      return { endedAt: at, result: 'network-error', httpStatus: null, serverTiming: {} };
    case 'response':
      return {
        endedAt: at,
        result: httpStatus !== null && success(httpStatus) ? 'response' : 'http-error',
        httpStatus,
        serverTiming: parseServerTiming(outcome.headers.get('server-timing')),
      };
    default:
      return assertNever(outcome);
  }
}

/** The state-machine event for a non-receipt answer. */
export function answerEvent(
  answer: Exclude<OpAnswer, { kind: 'receipt' }>,
  attemptId: string,
  at: number,
  jitter: number,
): OpEvent {
  switch (answer.kind) {
    case 'no-answer':
      return { type: 'no-answer', attemptId, at, jitter };
    case 'not-accepted':
      return { type: 'not-accepted', attemptId, at, jitter, retryAfterMs: answer.retryAfterMs };
    case 'sign-in':
      return { type: 'sign-in-needed', attemptId, at };
    case 'refused':
      return {
        type: 'refused',
        attemptId,
        at,
        httpStatus: answer.httpStatus,
        problem: answer.problem,
        detail: answer.detail,
      };
    case 'expired':
      return { type: 'expired', attemptId, at };
    case 'server-problem':
      return {
        type: 'server-problem',
        attemptId,
        at,
        httpStatus: answer.httpStatus,
        detail: answer.detail,
      };
    case 'status':
      return { type: 'status-answer', attemptId, at, jitter, answer: answer.answer };
    default:
      return assertNever(answer);
  }
}

/**
 * The server's clock as a `410 operation-expired` tells it (alone or inside a batch), else null.
 * A device whose idea of the server's time is behind (a tester moved the server's clock, or its own
 * clock is off) learns it from the refusal itself, so it stops taking ids from a lease the server
 * already counts as over and fetches a fresh one (server-clock.ts, lease-sync.ts).
 */
export function refusalClock(outcome: HttpOutcome): string | null {
  if (outcome.kind !== 'response') return null;
  const expiredAt = (json: unknown): string | null => {
    const p = Problem.safeParse(json);
    return p.success && p.data.code === 'operation-expired' ? (p.data.now ?? null) : null;
  };
  if (outcome.status === 410) return expiredAt(outcome.json);
  if (outcome.status !== 200) return null;
  const raw = (outcome.json as { results?: unknown } | null | undefined)?.results;
  if (!Array.isArray(raw)) return null;
  let latest: string | null = null;
  for (const result of raw as { problem?: unknown }[]) {
    const at = expiredAt(result?.problem);
    if (at !== null && (latest === null || Date.parse(at) > Date.parse(latest))) latest = at;
  }
  return latest;
}
