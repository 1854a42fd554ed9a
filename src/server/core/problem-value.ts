/**
 * An expected refusal as a value (an operation, a request): the contract's problem code, a detail
 * for people, field errors. The operation pipeline returns these; src/server/http/problem.ts turns
 * them into problem+json.
 */
import type { FieldError, ProblemCode } from '../../protocol/schemas';

export interface ProblemValue {
  code: ProblemCode;
  detail: string;
  errors?: FieldError[];
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
}
