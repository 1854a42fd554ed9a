/**
 * A command that could not be carried out; nothing was saved. `refusal` says why, as a typed value
 * the app words in the person's language (core/refusals.ts); `kind` is its family, for code that
 * decides by it (a refused fix, a missing lease). The message is the refusal's kind: for logs, never
 * for people.
 */
import type { Refusal, RefusalKind } from './core/refusals';

export type ClientErrorKind =
  'signed-out' | 'no-lease' | 'storage' | 'invalid' | 'unreachable' | 'not-allowed';

const FAMILY: Record<RefusalKind, ClientErrorKind> = {
  'wrong-credentials': 'signed-out',
  'too-many-attempts': 'unreachable',
  'sign-in-unreachable': 'unreachable',
  'server-problem': 'unreachable',
  'storage-failed': 'storage',
  unexpected: 'storage',
  'unconfirmed-changes': 'not-allowed',
  'signed-out-change': 'signed-out',
  'signed-out-export': 'signed-out',
  'signed-out-history': 'signed-out',
  'tester-only': 'signed-out',
  'history-unreachable': 'unreachable',
  'no-lease': 'no-lease',
  'no-room': 'no-lease',
  invalid: 'invalid',
  'not-cancellable': 'not-allowed',
  'not-discardable': 'not-allowed',
  'not-repeatable': 'not-allowed',
  'backup-not-json': 'invalid',
  'backup-unreadable': 'invalid',
  'backup-signed-out': 'signed-out',
  'backup-of-others': 'not-allowed',
  'accounts-offline': 'unreachable',
  'account-name-taken': 'invalid',
  'account-change-refused': 'not-allowed',
  'accounts-managers-only': 'not-allowed',
};

export class ClientError extends Error {
  readonly kind: ClientErrorKind;
  readonly refusal: Refusal;
  constructor(refusal: Refusal, options?: { cause?: unknown }) {
    super(refusal.kind, options);
    this.name = 'ClientError';
    this.kind = FAMILY[refusal.kind];
    this.refusal = refusal;
  }
}

/** The refusal behind `e`: a ClientError's own, anything else unexpected (its message for staff). */
export function refusalOf(e: unknown): Refusal {
  if (e instanceof ClientError) return e.refusal;
  return { kind: 'unexpected', detail: e instanceof Error ? e.message : String(e) };
}
