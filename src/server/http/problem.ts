/**
 * The one place where failures become HTTP problems (RFC 9457, application/problem+json).
 * Expected refusals travel as `ProblemValue`s; `ProblemError` carries one through a throw where a
 * handler cannot go on (authentication, bad input).
 */
import { PROBLEM_CODES, type Problem, type ProblemCode } from '../../protocol/schemas';
import type { ProblemValue } from '../core/problem-value';

const TITLES: Record<ProblemCode, string> = {
  unauthorized: 'Sign-in required',
  forbidden: 'Not allowed',
  'not-found': 'Not found',
  'invalid-request': 'Invalid request',
  'invalid-operation-metadata': 'Missing or invalid operation metadata',
  'key-reused': 'Operation id reused for different content',
  'operation-expired': 'Past the operation deadline',
  'unsupported-media-type': 'Unsupported media type',
  'payload-too-large': 'Payload too large',
  'headers-too-large': 'Request headers too large',
  'request-timeout': 'Request timeout',
  'rate-limited': 'Too many attempts',
  overloaded: 'Server too busy',
  'not-ready': 'Not ready',
  conflict: 'Conflict',
  'internal-error': 'Internal error',
};

export class ProblemError extends Error {
  readonly kind = 'problem';
  constructor(readonly problem: ProblemValue) {
    super(problem.detail);
  }
}

export const refuse = (code: ProblemCode, detail: string, extra: Partial<ProblemValue> = {}) =>
  new ProblemError({ code, detail, ...extra });

export function problemStatus(code: ProblemCode): number {
  return PROBLEM_CODES[code];
}

export function problemBody(p: ProblemValue): Problem {
  return {
    type: `/problems/${p.code}`,
    title: TITLES[p.code],
    status: PROBLEM_CODES[p.code],
    detail: p.detail,
    code: p.code,
    ...(p.errors ? { errors: p.errors } : {}),
    ...(p.members ?? {}),
  };
}

export const PROBLEM_TYPE = 'application/problem+json';
