/**
 * docs/api.md#sign-in-limits, with `WORKERS=2` on both stores: the
 * counts live in the store, so two processes give the limits of one. 60 parallel
 * wrong guesses from one address, each on a connection of its own (the cluster spreads them over
 * both workers): at most 20 answered 401 (the address's limit), the rest 429 (measured before the
 * counts moved into the store: 35 answered 401).
 */
import { describe, expect, it } from 'vitest';
import { signInFrom } from '../api/support/from-address';
import { DATABASES } from './support/databases';
import { spawnServer, type ServerProcess } from './support/process';

describe.each(DATABASES)('sign-in limits with WORKERS=2 on %s', (_name, open) => {
  it('60 parallel wrong guesses at many accounts from one address: at most 20 answered 401', async () => {
    const db = await open();
    let server: ServerProcess | null = null;
    try {
      server = await spawnServer({ ...db.env, WORKERS: '2' });
      const url = server.url;
      const replies = await Promise.all(
        Array.from({ length: 60 }, (_, i) => signInFrom(url, '127.0.0.21', `guess-${i}`, 'wrong')),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(
        60 - statuses.filter((s) => s === 401).length,
      );
      // Another address is not limited by it.
      expect((await signInFrom(url, '127.0.0.22', 'manager', 'manager')).status).toBe(200);
    } finally {
      await server?.stop();
      await db.dispose();
    }
  }, 120_000);
});
