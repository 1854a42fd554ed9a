/**
 * What every HTTP figure needs first: sign in as manager/manager, take a lease, learn the demo items, and
 * make unique adjust bodies `<lease.id>.<seq>` (+1 received) from them.
 */
import { operationId } from '../../src/protocol/ids';
import type {
  BatchResponse,
  ItemsResponse,
  LeaseResponse,
  OperationBody,
  SessionResponse,
} from '../../src/protocol/schemas';
import type { Client } from './http-client';

export interface LeaseGrant {
  id: string;
  token: string;
  size: number;
}

export interface DemoSession {
  /** `Authorization` header value. */
  authorization: string;
  itemIds: string[];
  lease(): Promise<LeaseGrant>;
  /** POST /api/operations/batch; throws unless every operation was applied for the first time. */
  batch(operations: OperationBody[]): Promise<void>;
}

export async function demoSession(client: Client): Promise<DemoSession> {
  const session = await client.json<SessionResponse>(
    'POST',
    '/api/session',
    // A manager: the figures create items (a manager's operation) as well as adjusting stock.
    { username: 'manager', password: 'manager' },
    200,
  );
  const authorization = `Bearer ${session.token}`;
  const headers = { authorization };
  const items = await client.json<ItemsResponse>('GET', '/api/items', undefined, 200, headers);
  if (items.items.length === 0) throw new Error('the server has no demo items (DEMO=1?)');
  return {
    authorization,
    itemIds: items.items.map((i) => i.id),
    async lease() {
      const r = await client.json<LeaseResponse>(
        'POST',
        '/api/leases',
        { deviceId: 'bench' },
        201,
        headers,
      );
      return { id: r.lease.id, token: r.token, size: r.lease.size };
    },
    async batch(operations) {
      const r = await client.json<BatchResponse>(
        'POST',
        '/api/operations/batch',
        { operations },
        200,
        headers,
      );
      const bad = r.results.find((x) => x.status !== 201);
      if (bad) throw new Error(`batch result ${JSON.stringify(bad)}`);
    },
  };
}

/** A fresh first-time operation: +1 received on one of the items, round robin by `seq`. */
export function adjustBody(
  lease: LeaseGrant,
  seq: number,
  itemIds: readonly string[],
): OperationBody {
  if (seq >= lease.size) throw new Error(`seq ${seq} is outside the lease (size ${lease.size})`);
  return {
    id: operationId(lease.id, seq),
    lease: lease.token,
    op: { type: 'adjust', itemId: itemIds[seq % itemIds.length]!, delta: 1, reason: 'received' },
  };
}
