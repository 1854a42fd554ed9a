/**
 * docs/api.md#sign-in-limits: MAX_CONNECTIONS_PER_ADDRESS holds for the whole server with
 * WORKERS=2, not per process. The cluster spreads one address's connections over both workers; the
 * primary counts them all, so the fifth open connection under a cap of 4 is answered
 * `503 overloaded` (each worker counting alone would have served up to 8).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Connection } from '../api/support/connection';
import { rawRequest, type RawReply } from '../api/support/http';
import { sqliteDatabase } from './support/databases';
import { spawnServer } from './support/process';

const held: Connection[] = [];
afterEach(() => {
  held.splice(0).forEach((c) => c.destroy());
});

async function ask(url: string, from: string): Promise<RawReply> {
  const connection = await Connection.open(url, from);
  held.push(connection);
  connection.write(rawRequest(url, 'GET /api/health HTTP/1.1', { connection: 'keep-alive' }));
  return connection.reply();
}

describe('MAX_CONNECTIONS_PER_ADDRESS with WORKERS=2', () => {
  it('counts one address over both processes: the fifth open connection under a cap of 4 → 503', async () => {
    const db = await sqliteDatabase();
    const server = await spawnServer({ ...db.env, WORKERS: '2', MAX_CONNECTIONS_PER_ADDRESS: '4' });
    try {
      for (let i = 0; i < 4; i++) expect((await ask(server.url, '127.0.0.41')).status).toBe(200);
      const fifth = await ask(server.url, '127.0.0.41');
      expect(fifth.status).toBe(503);
      expect(fifth.body).toMatch(/connections from this address/);
      // Another address has a count of its own.
      expect((await ask(server.url, '127.0.0.42')).status).toBe(200);
      // A closed connection frees its place, whichever worker held it.
      held[0]?.destroy();
      await expect
        .poll(async () => (await ask(server.url, '127.0.0.41')).status, { timeout: 20_000 })
        .toBe(200);
    } finally {
      await server.stop();
      await db.dispose();
    }
  }, 120_000);
});
