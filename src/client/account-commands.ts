/**
 * Signing in and out on a shared device. Signing out keeps this person's changes for their next
 * sign-in; "remove data" is refused while any of them is not confirmed (never a silent loss).
 */
import { assertNever } from '../protocol/assert-never';
import { forgetCachedApiData, type CacheStorageLike } from './cached-api-data';
import { refusalOf } from './client-error';
import type { Refusal } from './core/refusals';
import type { CommandResult } from './facade';
import { setSession } from './transactions/meta';
import { noteEpoch } from './transactions/epoch';
import {
  signOutKeepingData,
  signOutRemovingData,
  type RemoveDataResult,
} from './transactions/sign-out';
import * as api from './net/api';
import type { HttpDeps } from './net/http';
import type { Tx } from './store/local-store';

export interface AccountDeps {
  http: HttpDeps;
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Lease, items, tester mode, then a new round. */
  afterSignIn(): Promise<void>;
  /** The session is over on this device: forget tester mode, tell the server when it answers. */
  signedOut(): void;
  /** Cache Storage holding API answers, emptied by "remove data" (null: none). */
  caches: CacheStorageLike | null;
}

function signInRefusal(res: Exclude<api.ApiResult<unknown>, { kind: 'ok' }>): Refusal {
  switch (res.kind) {
    case 'unauthorized':
      return { kind: 'wrong-credentials' };
    case 'problem':
      return res.status === 429
        ? { kind: 'too-many-attempts' }
        : { kind: 'server-problem', status: res.status, detail: res.detail };
    case 'unreachable':
      return { kind: 'sign-in-unreachable' };
    default:
      return assertNever(res);
  }
}

export async function signIn(
  deps: AccountDeps,
  username: string,
  password: string,
): Promise<CommandResult> {
  const res = await api.signIn(deps.http, username, password);
  if (res.kind !== 'ok') return { ok: false, refusal: signInRefusal(res) };
  const { token, user, testerMode } = res.value;
  const at = deps.http.clock.now();
  try {
    // The session and what its answer says about the database (a restore?), in one transaction.
    await deps.write(async (tx) => {
      await setSession(tx, token, user, testerMode === true);
      await noteEpoch(tx, res.value, at);
    });
  } catch (e) {
    return { ok: false, refusal: refusalOf(e) };
  }
  await deps.afterSignIn();
  return { ok: true };
}

export async function signOut(deps: AccountDeps): Promise<void> {
  await deps.write(signOutKeepingData);
  deps.signedOut();
}

export async function signOutAndRemoveData(deps: AccountDeps): Promise<CommandResult> {
  let result: RemoveDataResult;
  try {
    result = await deps.write(signOutRemovingData);
  } catch (e) {
    return { ok: false, refusal: refusalOf(e) };
  }
  // Never "failed": nothing was removed, and the words say how many changes wait.
  if (result.kind === 'unconfirmed') {
    return { ok: false, refusal: { kind: 'unconfirmed-changes', count: result.count } };
  }
  deps.signedOut();
  // A context whose Cache Storage refuses access (sandboxed) has none to hold API answers.
  await forgetCachedApiData(deps.caches).catch(() => 0);
  return { ok: true };
}
