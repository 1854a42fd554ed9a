/** A minimal HTTP client of the API (docs/api.md names): the duplicate race, the multi-process suites. */
import {
  HistoryResponse,
  ItemsResponse,
  LeaseResponse,
  SessionResponse,
  StocktakeDetail,
  type FaultRule,
  type HistoryEntry,
  type Op,
} from '../../src/protocol/schemas';

export interface Reply {
  status: number;
  text: string;
  headers: Headers;
}

export interface Session {
  token: string;
}

export async function call(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (token) headers['Authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(base + path, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

function expectOk(reply: Reply, what: string): unknown {
  if (reply.status < 200 || reply.status > 299)
    throw new Error(`${what}: HTTP ${reply.status} ${reply.text}`);
  return JSON.parse(reply.text);
}

export async function signIn(base: string, username = 'manager'): Promise<Session> {
  const reply = await call(base, 'POST', '/api/session', null, { username, password: username });
  return { token: SessionResponse.parse(expectOk(reply, 'sign in')).token };
}

export async function lease(base: string, s: Session, deviceId = 'multi-process-test') {
  const reply = await call(base, 'POST', '/api/leases', s.token, { deviceId });
  return LeaseResponse.parse(expectOk(reply, 'lease'));
}

export async function items(base: string, s: Session) {
  return ItemsResponse.parse(expectOk(await call(base, 'GET', '/api/items', s.token), 'items'));
}

/** Every history entry of an item, newest first, following `next` cursors. */
export async function history(base: string, s: Session, itemId: string): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=200${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`;
    const page = HistoryResponse.parse(
      expectOk(await call(base, 'GET', `/api/items/${itemId}/history${query}`, s.token), 'history'),
    );
    entries.push(...page.entries);
    cursor = page.next;
  } while (cursor);
  return entries;
}

export async function historyIds(base: string, s: Session, itemId: string): Promise<string[]> {
  return (await history(base, s, itemId)).map((e) => e.operationId);
}

/** One stock-take with its lines (null: there is none). */
export async function stocktake(base: string, s: Session, id: string) {
  const reply = await call(base, 'GET', `/api/stocktakes/${encodeURIComponent(id)}`, s.token);
  return reply.status === 404 ? null : StocktakeDetail.parse(expectOk(reply, 'stock-take'));
}

/** Tester mode only (SIMULATE=1): a fault rule for the next operation requests. */
export async function addFault(base: string, s: Session, rule: FaultRule): Promise<void> {
  expectOk(await call(base, 'POST', '/api/sim/faults', s.token, rule), 'add fault');
}

export function postOperation(
  base: string,
  s: Session,
  body: { id: string; lease: string; op: Op },
): Promise<Reply> {
  return call(base, 'POST', '/api/operations', s.token, body);
}
