/**
 * The one rule for an operation's lease deadline on the server (docs/api.md#deadlines): nothing is
 * applied for the first time once the server clock is strictly later than the deadline. At exactly
 * the deadline the operation is still in time. The pipeline's early check and both store adapters'
 * check inside the transaction use this, so they can never disagree at the boundary.
 */
export function pastDeadline(now: number, deadline: number): boolean {
  return now > deadline;
}
