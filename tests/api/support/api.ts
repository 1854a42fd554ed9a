/**
 * A signed-in client of the HTTP API, one method per route of docs/api.md#routes. Methods that set the
 * scene (sign in, lease, clock, faults) throw when the server refuses; methods under test return
 * the raw `Reply` so the test asserts on it.
 */
import {
  CleanupResult,
  ClockState,
  HistoryResponse,
  ItemsResponse,
  LeaseResponse,
  Receipt,
  SessionResponse,
  TimelineResponse,
} from '../../../src/protocol/schemas';
import type {
  FaultRule,
  HistoryEntry,
  Item,
  TimelineEvent,
  User,
} from '../../../src/protocol/schemas';
import { attempt, send } from './http';
import type { Attempt, Reply, SendOptions } from './http';
import { LeaseHandle, createItem, freshItemId } from './ops';
import { iso } from './problem';

export function ok(reply: Reply, what: string): unknown {
  if (reply.status < 200 || reply.status > 299) {
    throw new Error(`${what}: HTTP ${reply.status} ${reply.text.slice(0, 500)}`);
  }
  return reply.body;
}

/** The manager by default: creating items and the tester routes are a manager's. */
export async function signIn(
  base: string,
  username = 'manager',
  password = username,
): Promise<Api> {
  const reply = await send(base, 'POST', '/api/session', { json: { username, password } });
  const session = SessionResponse.parse(ok(reply, `sign in as ${username}`));
  return new Api(base, session.token, session.user);
}

export class Api {
  constructor(
    readonly base: string,
    readonly token: string,
    readonly user: User,
  ) {}

  send(method: string, path: string, o: SendOptions = {}): Promise<Reply> {
    return send(this.base, method, path, { token: this.token, ...o });
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
    return this.send('GET', path, { headers });
  }

  post(path: string, json: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return this.send('POST', path, { json, headers });
  }

  async lease(deviceId = 'test-device'): Promise<LeaseHandle> {
    const reply = await this.post('/api/leases', { deviceId });
    if (reply.status !== 201) throw new Error(`lease: HTTP ${reply.status} ${reply.text}`);
    const granted = LeaseResponse.parse(reply.body);
    return new LeaseHandle(granted.lease, granted.token);
  }

  postOp(body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return this.post('/api/operations', body, headers);
  }

  /** An operation attempt whose connection may be destroyed by a tester fault. */
  tryPostOp(body: unknown, o: SendOptions = {}): Promise<Attempt> {
    return attempt(this.base, 'POST', '/api/operations', { token: this.token, json: body, ...o });
  }

  batch(operations: unknown[], headers: Record<string, string> = {}): Promise<Reply> {
    return this.post('/api/operations/batch', { operations }, headers);
  }

  status(id: string, leaseToken: string | null): Promise<Reply> {
    const headers: Record<string, string> =
      leaseToken === null ? {} : { 'stockroom-lease': leaseToken };
    return this.get(`/api/operations/${encodeURIComponent(id)}`, headers);
  }

  async items(since: number | null = null): Promise<ItemsResponse> {
    const query = since === null ? '' : `?since=${since}`;
    return ItemsResponse.parse(ok(await this.get(`/api/items${query}`), 'items'));
  }

  async item(id: string): Promise<Item> {
    const found = (await this.items()).items.find((i) => i.id === id);
    if (found === undefined) throw new Error(`no item ${id}`);
    return found;
  }

  historyPage(itemId: string, query = ''): Promise<Reply> {
    return this.get(`/api/items/${encodeURIComponent(itemId)}/history${query}`);
  }

  /** Every history entry of the item, newest first, following `next` cursors. */
  async history(itemId: string): Promise<HistoryEntry[]> {
    const entries: HistoryEntry[] = [];
    let query = '?limit=200';
    for (;;) {
      const page = HistoryResponse.parse(ok(await this.historyPage(itemId, query), 'history'));
      entries.push(...page.entries);
      if (page.next === null) return entries;
      query = `?limit=200&before=${encodeURIComponent(page.next)}`;
    }
  }

  /** How many applied effects the business journal holds for this operation id. */
  async effects(itemId: string, operationId: string): Promise<number> {
    return (await this.history(itemId)).filter((e) => e.operationId === operationId).length;
  }

  /** Creates an item through the API (an operation of `lease`) and returns its id. */
  async newItem(lease: LeaseHandle, quantity = 10, prefix = 'item'): Promise<string> {
    const itemId = freshItemId(prefix);
    const reply = await this.postOp(lease.body(createItem(itemId, quantity)));
    // A refused create is a 201 too (a stored verdict): only `applied` made the item.
    if (reply.status !== 201 || Receipt.parse(reply.body).outcome !== 'applied')
      throw new Error(`create ${itemId}: HTTP ${reply.status} ${reply.text}`);
    return itemId;
  }

  // Tester mode (SIMULATE=1).

  async clock(): Promise<ClockState> {
    return ClockState.parse(ok(await this.get('/api/sim/clock'), 'read clock'));
  }

  async now(): Promise<number> {
    return Date.parse((await this.clock()).now);
  }

  /** Sets the tester clock to `ms` and freezes it there. */
  async setClock(ms: number, freeze = true): Promise<void> {
    ok(await this.post('/api/sim/clock', { set: iso(ms), freeze }), 'set clock');
  }

  async advanceClock(ms: number): Promise<void> {
    ok(await this.post('/api/sim/clock', { advanceMs: ms }), 'advance clock');
  }

  /** Freezes the tester clock where it is and returns that instant. */
  async freezeClock(): Promise<number> {
    ok(await this.post('/api/sim/clock', { freeze: true }), 'freeze clock');
    return this.now();
  }

  async fault(rule: FaultRule): Promise<void> {
    ok(await this.post('/api/sim/faults', rule), 'add fault');
  }

  async clearFaults(): Promise<void> {
    ok(await this.send('DELETE', '/api/sim/faults'), 'clear faults');
  }

  async cleanup(): Promise<{ compacted: number; removed: number }> {
    // The contract's counts; the settings beside them are checked in tester-mode.test.ts.
    const { compacted, removed } = CleanupResult.parse(
      ok(await this.send('POST', '/api/sim/cleanup'), 'cleanup'),
    );
    return { compacted, removed };
  }

  async timeline(operationId: string): Promise<TimelineEvent[]> {
    const reply = await this.get(
      `/api/sim/timeline?operationId=${encodeURIComponent(operationId)}`,
    );
    return TimelineResponse.parse(ok(reply, 'timeline')).events;
  }
}
