/**
 * Every route of the API once on each server process, as a person and a device use them: the
 * answers that are not 2xx. For the suites that change how the store reaches its database (through
 * PgBouncer, where each statement kind fails on its own if it relies on a session).
 */
import type { Op } from '../../../src/protocol/schemas';
import { call, items, lease, signIn } from '../../support/api-client';

export async function routeFailures(urls: string[], tag: string): Promise<string[]> {
  const failures: string[] = [];
  for (const [n, url] of urls.entries()) {
    const session = await signIn(url);
    const { lease: l, token } = await lease(url, session, `routes-${tag}-${n}`);
    const list = await items(url, session);
    const item = list.items[0];
    if (!item) throw new Error('no demo items');
    const op: Op = { type: 'adjust', itemId: item.id, delta: 1, reason: 'received' };
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(url + path, { headers: { Authorization: `Bearer ${session.token}`, ...headers } });
    const answers: [string, number][] = [
      [
        'POST /api/operations',
        (
          await call(url, 'POST', '/api/operations', session.token, {
            id: `${l.id}.0`,
            lease: token,
            op,
          })
        ).status,
      ],
      [
        'POST /api/operations/batch',
        (
          await call(url, 'POST', '/api/operations/batch', session.token, {
            operations: [{ id: `${l.id}.1`, lease: token, op }],
          })
        ).status,
      ],
      [
        'GET /api/operations/:id',
        (await get(`/api/operations/${l.id}.0`, { 'Stockroom-Lease': token })).status,
      ],
      ['GET /api/items?since', (await get(`/api/items?since=${list.revision}`)).status],
      ['GET /api/items.csv', (await get('/api/items.csv')).status],
      ['GET /api/items/:id/history', (await get(`/api/items/${item.id}/history`)).status],
      ['GET /api/items/:id/history.csv', (await get(`/api/items/${item.id}/history.csv`)).status],
      ['GET /api/diagnostics', (await get('/api/diagnostics')).status],
      ['GET /metrics', (await get('/metrics')).status],
      ['GET /api/health', (await get('/api/health')).status],
      ['DELETE /api/session', (await call(url, 'DELETE', '/api/session', session.token)).status],
    ];
    for (const [route, status] of answers) {
      if (status < 200 || status > 299) failures.push(`process ${n}: ${route} answered ${status}`);
    }
  }
  return failures;
}
