/**
 * How one exchange with the server ended, as the core reads it (answers.ts, recheck.ts): a
 * response (any status), a timeout, or a network error. net/http.ts makes these values.
 */
export type HttpOutcome =
  | { kind: 'response'; status: number; headers: Headers; text: string; json: unknown }
  | { kind: 'timeout' }
  | { kind: 'network-error'; message: string };
