/**
 * The duplicate race (docs/testing.md#reliability-suites) with real processes: two servers on one
 * database (SQLite file, PostgreSQL, and PostgreSQL through PgBouncer in transaction mode), the
 * same ids sent concurrently to both; then every route on both. And the checker must see duplicates
 * when deduplication is switched off, or it proves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reliability, scaled } from '../support/reliability';
import {
  DATABASES,
  PGBOUNCER,
  pgbouncerDatabase,
  sqliteDatabase,
  type SharedDatabase,
} from './support/databases';
import { spawnServer, type ServerProcess } from './support/process';
import { duplicateRaceViolations } from '../support/duplicate-race';
import { routeFailures } from './support/routes';

const IDS = scaled(200, 5000);
const COPIES = scaled(4, 8);
const TIMEOUT = scaled(240_000, 3_600_000);

describe.each([...DATABASES, PGBOUNCER])(
  'duplicate race across two server processes: %s',
  (name, open) => {
    let db: SharedDatabase;
    let servers: ServerProcess[] = [];
    beforeAll(async () => {
      db = await open();
      // One after the other: the first migrates and seeds, the second finds it done.
      servers.push(await spawnServer(db.env));
      servers.push(await spawnServer(db.env));
    }, 180_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      servers = [];
      await db.dispose();
    });

    it(
      `${IDS} ids × ${COPIES} copies: one effect each, identical bodies, no 5xx`,
      async (context) => {
        reliability(context, {
          suite: `duplicate race, two processes, ${name}`,
          count: IDS,
          unit: `ids × ${COPIES} copies`,
        });
        expect(
          await duplicateRaceViolations(
            servers.map((s) => s.url),
            IDS,
            COPIES,
          ),
        ).toEqual([]);
      },
      TIMEOUT,
    );

    it('every route answers on both processes', async () => {
      expect(
        await routeFailures(
          servers.map((s) => s.url),
          'race',
        ),
      ).toEqual([]);
    }, 60_000);
  },
);

describe('the start line behind PgBouncer', () => {
  it('says the store runs through a transaction pooler', async () => {
    const db = await pgbouncerDatabase();
    const server = await spawnServer(db.env);
    try {
      expect(server.output).toMatch(
        /Stockroom listening on http:\S+ \(PostgreSQL through a transaction pooler, PG_POOLER=transaction/,
      );
    } finally {
      await server.stop();
      await db.dispose();
    }
  }, 120_000);
});

describe('the duplicate-race checker against broken server processes', () => {
  it('sees the duplicates when deduplication is switched off (SQLite file)', async () => {
    const db = await sqliteDatabase();
    const env = { ...db.env, STOCKROOM_TEST_VARIANT: 'no-dedup' };
    const entry = 'tests/multi/support/variant-server.ts';
    const a = await spawnServer(env, entry);
    const b = await spawnServer(env, entry);
    try {
      const violations = await duplicateRaceViolations([a.url, b.url], 20, COPIES);
      expect(violations.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await db.dispose();
    }
  }, 180_000);
});
