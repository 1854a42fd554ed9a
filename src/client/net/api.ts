/**
 * The server's endpoints as the client uses them (docs/api.md#routes). Every success body is
 * checked with the shared zod schemas; results are values, never exceptions.
 */
import type { z } from 'zod/mini';
import {
  ClockState,
  HistoryResponse,
  StocktakeDetail,
  StocktakesResponse,
  ItemsResponse,
  PlacesResponse,
  LeaseResponse,
  Problem,
  ReadyResponse,
  SessionResponse,
  Account,
  AccountsResponse,
  type AccountChangeRequest,
  type NewAccountRequest,
  type OperationBody,
} from '../../protocol/schemas';
import type { HttpOutcome } from '../core/http-outcome';
import type { LeaseRecord, OperationRecord } from '../core/records';
import { exchange, type HttpDeps, type HttpRequest } from './http';

export type ApiResult<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'unauthorized' }
  | { kind: 'problem'; status: number; detail: string }
  | { kind: 'unreachable'; why: 'timeout' | 'network-error' | 'unreadable-response' };

export function toResult<T>(outcome: HttpOutcome, schema: z.ZodMiniType<T>): ApiResult<T> {
  if (outcome.kind !== 'response') return { kind: 'unreachable', why: outcome.kind };
  if (outcome.status === 401) return { kind: 'unauthorized' };
  if (outcome.status >= 200 && outcome.status < 300) {
    const parsed = schema.safeParse(outcome.json);
    return parsed.success
      ? { kind: 'ok', value: parsed.data }
      : { kind: 'unreachable', why: 'unreadable-response' };
  }
  const problem = Problem.safeParse(outcome.json);
  return {
    kind: 'problem',
    status: outcome.status,
    detail: problem.success ? problem.data.detail : `HTTP ${outcome.status}`,
  };
}

async function call<T>(
  deps: HttpDeps,
  req: HttpRequest,
  schema: z.ZodMiniType<T>,
): Promise<ApiResult<T>> {
  return toResult(await exchange(deps, req), schema);
}

export function signIn(deps: HttpDeps, username: string, password: string) {
  return call(
    deps,
    { method: 'POST', path: '/api/session', body: { username, password } },
    SessionResponse,
  );
}

export function signOut(deps: HttpDeps, token: string): Promise<HttpOutcome> {
  return exchange(deps, { method: 'DELETE', path: '/api/session', token });
}

export function requestLease(deps: HttpDeps, token: string, deviceId: string) {
  return call(
    deps,
    { method: 'POST', path: '/api/leases', token, body: { deviceId } },
    LeaseResponse,
  );
}

export function pullItems(deps: HttpDeps, token: string, since: number | null) {
  const path = since === null ? '/api/items' : `/api/items?since=${since}`;
  return call(deps, { method: 'GET', path, token }, ItemsResponse);
}

export function pullPlaces(deps: HttpDeps, token: string, since: number | null) {
  const path = since === null ? '/api/places' : `/api/places?since=${since}`;
  return call(deps, { method: 'GET', path, token }, PlacesResponse);
}

export function itemHistory(deps: HttpDeps, token: string, itemId: string, before?: string) {
  const query = new URLSearchParams({ limit: '50' });
  if (before !== undefined) query.set('before', before);
  const path = `/api/items/${encodeURIComponent(itemId)}/history?${query.toString()}`;
  return call(deps, { method: 'GET', path, token }, HistoryResponse);
}

/** The stock-takes, and one with its lines and review (what the server lets this person see). */
export function listStocktakes(deps: HttpDeps, token: string) {
  return call(deps, { method: 'GET', path: '/api/stocktakes', token }, StocktakesResponse);
}

export function stocktakeDetail(deps: HttpDeps, token: string, id: string) {
  const path = `/api/stocktakes/${encodeURIComponent(id)}`;
  return call(deps, { method: 'GET', path, token }, StocktakeDetail);
}

/** Operations as the server takes them: each with its lease's token and its creation time. */
export function operationBodies(
  records: readonly OperationRecord[],
  leases: readonly LeaseRecord[],
): OperationBody[] {
  const tokens = new Map(leases.map((l) => [l.id, l.token]));
  return records.map((r) => ({
    id: r.id,
    lease: tokens.get(r.leaseId) ?? '',
    createdAt: new Date(r.createdAt).toISOString(),
    op: r.op,
  }));
}

/** One operation alone, or several as a batch (the caller reads the answers per operation). */
export function sendOperations(
  deps: HttpDeps,
  token: string,
  bodies: readonly OperationBody[],
  attemptId: string,
): Promise<HttpOutcome> {
  const [only] = bodies;
  return bodies.length === 1 && only
    ? exchange(deps, { method: 'POST', path: '/api/operations', token, body: only, attemptId })
    : exchange(deps, {
        method: 'POST',
        path: '/api/operations/batch',
        token,
        body: { operations: bodies },
        attemptId,
      });
}

export function askStatus(
  deps: HttpDeps,
  token: string,
  leaseToken: string,
  id: string,
  attemptId: string,
): Promise<HttpOutcome> {
  return exchange(deps, {
    method: 'GET',
    path: `/api/operations/${encodeURIComponent(id)}`,
    token,
    attemptId,
    headers: { 'stockroom-lease': leaseToken },
  });
}

/**
 * The tester clock (SIMULATE=1; every `/api/sim/*` route is 404 otherwise), asked only when the
 * sign-in answer said tester mode is on. The Tester panel's own calls are in src/app/sim-api.ts.
 */
export function testerClock(deps: HttpDeps, token: string) {
  return call(deps, { method: 'GET', path: '/api/sim/clock', token }, ClockState);
}

/** `GET /readyz`: the server's database epoch (a restore makes a new one); no sign-in needed. */
export function readiness(deps: HttpDeps) {
  return call(deps, { method: 'GET', path: '/readyz' }, ReadyResponse);
}

/** People's accounts (managers; docs/api.md#peoples-accounts): online calls, never queued. */
export function listAccounts(deps: HttpDeps, token: string) {
  return call(deps, { method: 'GET', path: '/api/users', token }, AccountsResponse);
}

export function addAccount(deps: HttpDeps, token: string, body: NewAccountRequest) {
  return call(deps, { method: 'POST', path: '/api/users', token, body }, Account);
}

export function changeAccount(
  deps: HttpDeps,
  token: string,
  name: string,
  body: AccountChangeRequest,
) {
  const path = `/api/users/${encodeURIComponent(name)}`;
  return call(deps, { method: 'PATCH', path, token, body }, Account);
}
