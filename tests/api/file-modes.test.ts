/**
 * docs/api.md#http-hygiene: the data folder is `0700`, the database, the lease secret and the
 * export ledger `0600`, on both stores, whatever umask the server was started with (here 000, the
 * most permissive: every mode below is then the server's own doing).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../multi/support/databases';
import { signIn } from './support/api';
import { startTestServer } from './support/server';

const mode = async (path: string) => (await stat(path)).mode & 0o777;

let previousUmask: number;
let root: string;
beforeAll(async () => {
  previousUmask = process.umask(0);
  root = await mkdtemp(join(tmpdir(), 'stockroom-modes-'));
});
afterAll(async () => {
  process.umask(previousUmask);
  await rm(root, { recursive: true, force: true });
});

describe.each(DATABASES)('file modes on %s (umask 000)', (kind, open) => {
  it('data folder 0700; database, secret and export ledger 0600', async () => {
    const data = join(root, kind.replace(/\W/g, '-'), 'data');
    const sqlite = kind.startsWith('SQLite');
    const db = await open();
    const env: Record<string, string | undefined> = {
      ...db.env,
      EXPORT_FILE: join(data, 'export.jsonl'),
      // SQLite without STOCKROOM_SECRET: the development secret is made beside the database.
      ...(sqlite
        ? { DATABASE_URL: `sqlite:${join(data, 'stockroom.db')}`, STOCKROOM_SECRET: undefined }
        : {}),
    };
    const server = await startTestServer(env);
    try {
      // One applied operation, so the ledger has been written to.
      const api = await signIn(server.url, 'manager');
      await api.newItem(await api.lease(), 1, 'modes');
      await expect
        .poll(() => stat(join(data, 'export.jsonl')).then((s) => s.size))
        .toBeGreaterThan(0);
      expect(await mode(data)).toBe(0o700);
      expect(await mode(join(data, 'export.jsonl'))).toBe(0o600);
      if (sqlite) {
        for (const file of ['stockroom.db', 'stockroom.db-wal', 'stockroom.secret']) {
          expect([file, await mode(join(data, file))]).toEqual([file, 0o600]);
        }
      }
    } finally {
      await server.close();
      await db.dispose();
    }
  });
});
