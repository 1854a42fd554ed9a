/**
 * People's accounts (docs/api.md#peoples-accounts): the rules `npm run users` and `/api/users`
 * share, in one place. Pure: names and passwords people may choose, and which changes are refused
 * (nobody disables or demotes themselves; the last enabled manager stays one). The stores judge a
 * change with `judgeAccountChange` inside the change's transaction, with the manager rows locked,
 * so two managers demoting each other at once cannot leave the shop without one.
 */
import type { Role } from './roles';

/** Names people type on a phone to sign in: letters, digits and . _ @ -, at most 128. */
export const USER_NAME_PATTERN = /^[\p{L}\p{N}._@-]{1,128}$/u;
export const MIN_PASSWORD_LENGTH = 8;
/** The sign-in request accepts at most this many characters. */
export const MAX_PASSWORD_LENGTH = 1024;

export function nameProblem(name: string): string | null {
  return USER_NAME_PATTERN.test(name)
    ? null
    : `"${name}" is not a valid user name (letters, digits and . _ @ -, at most 128)`;
}

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `the password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `the password may have at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}

/** What a change asks for; a new password arrives here already hashed. */
export interface AccountChange {
  role?: Role;
  disabled?: boolean;
  passwordHash?: string;
}

/** The account a change is judged against, as stored when the transaction reads it. */
export interface AccountState {
  id: string;
  role: Role;
  disabled: boolean;
}

/** Why a change was refused (`409 conflict` from the API, exit 1 from the command line). */
export type AccountRefusal =
  { kind: 'self-disable' } | { kind: 'self-demote' } | { kind: 'last-manager'; name: string };

/**
 * `actorId`: who asks (null: the command line, run by whoever runs the server). `otherManagers`:
 * enabled managers besides the target, counted inside the transaction.
 */
export function judgeAccountChange(
  actorId: string | null,
  target: AccountState & { name: string },
  change: AccountChange,
  otherManagers: number,
): AccountRefusal | null {
  const disabling = change.disabled === true && !target.disabled;
  const demoting = change.role === 'staff' && target.role === 'manager';
  if (actorId === target.id) {
    if (disabling) return { kind: 'self-disable' };
    if (demoting) return { kind: 'self-demote' };
  }
  const anEnabledManager = target.role === 'manager' && !target.disabled;
  if (anEnabledManager && (disabling || demoting) && otherManagers === 0)
    return { kind: 'last-manager', name: target.name };
  return null;
}

export function refusalDetail(refusal: AccountRefusal): string {
  switch (refusal.kind) {
    case 'self-disable':
      return 'nobody can disable themselves; another manager can';
    case 'self-demote':
      return 'nobody can make themselves staff; another manager can';
    case 'last-manager':
      return `${refusal.name} is the last enabled manager; make someone else a manager first`;
  }
}

/** Whether the change ends the person's sessions at once (a new password, or disabling). */
export const endsSessions = (change: AccountChange): boolean =>
  change.passwordHash !== undefined || change.disabled === true;

/** The change as a log records it: what changed, never the password or its hash. */
export function changeForLog(change: AccountChange): Record<string, unknown> {
  return {
    ...(change.role !== undefined ? { role: change.role } : {}),
    ...(change.disabled !== undefined ? { disabled: change.disabled } : {}),
    ...(change.passwordHash !== undefined ? { password: 'changed' } : {}),
  };
}
