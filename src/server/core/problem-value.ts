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
  /**
   * Extension members of the body (RFC 9457): a 410 carries the server's clock and the lease's
   * deadline, so a device whose clock (or whose idea of the server's) is off learns it from the
   * refusal itself and takes a fresh lease.
   */
  members?: { now: string; deadline: string };
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
}
