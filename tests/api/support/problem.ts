/** Reading the contract's answers: problem+json errors, receipts, ISO timestamps. */
import { expect } from 'vitest';
import { PROBLEM_CODES, Problem, Receipt } from '../../../src/protocol/schemas';
import type { ProblemCode } from '../../../src/protocol/schemas';
import type { Reply } from './http';

/** Every timestamp in the API: ISO 8601, UTC, milliseconds. */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const STACK_TRACE = /\n\s+at \S|\bat .*\.(ts|js):\d+/;

function describeReply(reply: Reply): string {
  return `HTTP ${reply.status} ${reply.headers.get('content-type') ?? '(no type)'} ${reply.text.slice(0, 400)}`;
}

/** Why `reply` is not a well-formed problem+json error, or null when it is one. */
export function problemIssue(reply: {
  status: number;
  contentType: string | null;
  text: string;
}): string | null {
  if (reply.status < 400) return `status ${reply.status} is not an error`;
  if (!(reply.contentType ?? '').startsWith('application/problem+json')) {
    return `content-type ${reply.contentType ?? '(none)'}`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.text);
  } catch {
    return 'body is not JSON';
  }
  const problem = Problem.safeParse(parsed);
  if (!problem.success) return `not a problem: ${problem.error.message}`;
  const { code, status, type } = problem.data;
  if (PROBLEM_CODES[code] !== reply.status) return `code ${code} with HTTP ${reply.status}`;
  if (status !== reply.status) return `status field ${status} with HTTP ${reply.status}`;
  if (type !== `/problems/${code}`) return `type ${type}`;
  if (STACK_TRACE.test(reply.text)) return 'contains a stack trace';
  return null;
}

/** Asserts a problem+json answer with exactly this code (and its status), and returns it. */
export function expectProblem(reply: Reply, code: ProblemCode): Problem {
  const where = describeReply(reply);
  expect(reply.status, where).toBe(PROBLEM_CODES[code]);
  expect(
    problemIssue({
      status: reply.status,
      contentType: reply.headers.get('content-type'),
      text: reply.text,
    }),
    where,
  ).toBeNull();
  const problem = Problem.parse(reply.body);
  expect(problem.code, where).toBe(code);
  expect(problem.title.length, where).toBeGreaterThan(0);
  expect(problem.detail.length, where).toBeGreaterThan(0);
  return problem;
}

/** Asserts a 400 invalid-request whose `errors` name a field whose path contains `field`. */
export function expectFieldError(reply: Reply, field: string): Problem {
  const problem = expectProblem(reply, 'invalid-request');
  const paths = (problem.errors ?? []).map((e) => e.path);
  expect(paths, describeReply(reply)).toEqual(
    expect.arrayContaining([expect.stringContaining(field)]),
  );
  return problem;
}

/** Asserts a receipt answer with this status (201 first time, 200 replay) and returns it. */
export function expectReceipt(reply: Reply, status: 200 | 201): Receipt {
  const where = describeReply(reply);
  expect(reply.status, where).toBe(status);
  expect(reply.headers.get('content-type') ?? '', where).toMatch(/^application\/json/);
  const receipt = Receipt.parse(reply.body);
  expect(receipt.recordedAt).toMatch(ISO_MS);
  if (status === 200) expect(reply.headers.get('idempotent-replayed'), where).toBe('true');
  else expect(reply.headers.get('idempotent-replayed'), where).not.toBe('true');
  return receipt;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
