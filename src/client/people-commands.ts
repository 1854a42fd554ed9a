/**
 * People's accounts from the app (managers; docs/client.md#people): online calls, never the
 * outbox. They change security, so offline they are refused at once ("needs a connection") and
 * nothing is queued or retried; the server judges every rule (docs/api.md#peoples-accounts).
 * A 401 means this person's own session has ended: it is marked so, like the sender does, and the
 * app asks for a sign-in while their unsent changes stay on the device.
 */
import type { Account, AccountChangeRequest, NewAccountRequest } from '../protocol/schemas';
import type { Refusal } from './core/refusals';
import * as api from './net/api';
import type { HttpDeps } from './net/http';
import type { SessionMeta } from './core/records';

/** A people command's outcome: the server's answer, or why nothing changed. */
export type PeopleResult<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export interface PeopleDeps {
  http: HttpDeps;
  isOnline(): boolean;
  session(): Promise<SessionMeta | null>;
  /** The server said 401 to this token. */
  sessionEnded(token: string): Promise<void>;
}

type Call<T> = (http: HttpDeps, token: string) => Promise<api.ApiResult<T>>;

async function online<T>(
  deps: PeopleDeps,
  call: Call<T>,
  conflict: Refusal,
): Promise<PeopleResult<T>> {
  if (!deps.isOnline()) return { ok: false, refusal: { kind: 'accounts-offline' } };
  const session = await deps.session();
  if (!session || session.expired) return { ok: false, refusal: { kind: 'signed-out-change' } };
  const res = await call(deps.http, session.token);
  switch (res.kind) {
    case 'ok':
      return { ok: true, value: res.value };
    case 'unreachable':
      return { ok: false, refusal: { kind: 'accounts-offline' } };
    case 'unauthorized':
      await deps.sessionEnded(session.token);
      return { ok: false, refusal: { kind: 'signed-out-change' } };
    case 'problem':
      if (res.status === 403) return { ok: false, refusal: { kind: 'accounts-managers-only' } };
      if (res.status === 409) return { ok: false, refusal: conflict };
      return {
        ok: false,
        refusal: { kind: 'server-problem', status: res.status, detail: res.detail },
      };
  }
}

export interface PeopleClient {
  list(): Promise<PeopleResult<Account[]>>;
  add(person: NewAccountRequest): Promise<PeopleResult<Account>>;
  change(name: string, change: AccountChangeRequest): Promise<PeopleResult<Account>>;
}

export function peopleClient(deps: PeopleDeps): PeopleClient {
  return {
    async list() {
      const res = await online(deps, api.listAccounts, { kind: 'account-change-refused' });
      return res.ok ? { ok: true, value: res.value.users } : res;
    },
    add: (person) =>
      online(deps, (http, token) => api.addAccount(http, token, person), {
        kind: 'account-name-taken',
        name: person.name,
      }),
    change: (name, change) =>
      online(deps, (http, token) => api.changeAccount(http, token, name, change), {
        kind: 'account-change-refused',
      }),
  };
}
