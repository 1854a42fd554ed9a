/**
 * docs/api.md#places: the migration that brings places, on a database made by the previous
 * version (every migration before it), on SQLite and PostgreSQL. Today's stock is all in `main`,
 * the old history reads as `main`, a device's old items cursor gets every item again (to learn its
 * places), and the new operations work on the old items.
 */
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PlacesResponse } from '../../src/protocol/schemas';
import { hashPassword } from '../../src/server/passwords';
import { POSTGRES_MIGRATIONS, quoteIdent } from '../../src/server/store/postgres-schema';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
} from '../support/server/postgres-test-db';
import { SQLITE_MIGRATIONS } from '../../src/server/store/sqlite-schema';
import { ok, signIn } from './support/api';
import { expectReceipt } from './support/problem';
import { startTestServer } from './support/server';

/** How many migrations come before the one that brings places, in each list. */
const placesMigration = (list: readonly string[]) =>
  list.findIndex((sql) => sql.includes('CREATE TABLE places ('));
const BEFORE_SQLITE = placesMigration(SQLITE_MIGRATIONS);
const BEFORE_POSTGRES = placesMigration(POSTGRES_MIGRATIONS);
const T = Date.parse('2026-12-01T10:00:00.000Z');

/** What the previous version left: a manager, two items, two journal entries, a receipt. */
const oldRows = (hash: string, stamp: string) => `
  INSERT INTO users (id, name, role, password_hash) VALUES ('u-boss', 'boss', 'manager', '${hash}');
  INSERT INTO items (id, sku, name, location, quantity, revision, updated_at, ${stamp})
    VALUES ('lamp', 'LMP', 'Lamp', 'A1', 12, 2, ${T}, 5), ('bolt', 'BLT', 'Bolt', 'B1', 3, 1, ${T}, 6);
  INSERT INTO journal (item_id, operation_id, user_id, type, delta, resulting_quantity, reason, recorded_at)
    VALUES ('lamp', 'Lold.0', 'u-boss', 'createItem', 10, 10, 'created', ${T}),
           ('lamp', 'Lold.1', 'u-boss', 'adjust', 2, 12, 'received', ${T + 1}),
           ('lamp', 'Lold.2', 'u-boss', 'updateItem', 0, 12, 'edited', ${T + 2});
  INSERT INTO operations (user_id, id, fingerprint, receipt, deadline, recorded_at)
    VALUES ('u-boss', 'Lold.1', 'fp', '{"old":true}', ${T + 1e12}, ${T + 1});
`;

async function sqliteBefore(dir: string, hash: string): Promise<Record<string, string>> {
  const file = join(dir, 'old.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  SQLITE_MIGRATIONS.slice(0, BEFORE_SQLITE).forEach((sql) => db.exec(sql));
  db.pragma(`user_version = ${BEFORE_SQLITE}`);
  db.exec(oldRows(hash, 'global_revision'));
  db.close();
  return { DATABASE_URL: `sqlite:${file}` };
}

async function postgresBefore(schema: string, hash: string): Promise<Record<string, string>> {
  await requirePostgres();
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
    await client.query(`SET search_path = ${quoteIdent(schema)}`);
    await client.query(
      `CREATE TABLE schema_migrations
       (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    for (const [i, sql] of POSTGRES_MIGRATIONS.slice(0, BEFORE_POSTGRES).entries()) {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1]);
    }
    await client.query(oldRows(hash, 'changed_xid'));
  } finally {
    await client.end();
  }
  return { DATABASE_URL: `${TEST_DATABASE_URL}?schema=${schema}` };
}

const cases = [
  ['SQLite', 'sqlite'],
  ['PostgreSQL', 'postgres'],
] as const;

for (const [name, kind] of cases) {
  describe(`the places migration on ${name}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it("puts today's stock in main; old history reads as main; old cursors get every item again", async () => {
      const hash = await hashPassword('boss', 12);
      let env: Record<string, string>;
      if (kind === 'sqlite') {
        const dir = await mkdtemp(join(tmpdir(), 'stockroom-places-'));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        env = await sqliteBefore(dir, hash);
      } else {
        const schema = randomSchema('places_upgrade');
        cleanups.push(() => dropSchema(schema));
        env = await postgresBefore(schema, hash);
      }
      const server = await startTestServer({ ...env, DEMO: '0' });
      cleanups.push(() => server.close());
      const boss = await signIn(server.url, 'boss', 'boss');

      const places = PlacesResponse.parse(ok(await boss.get('/api/places'), 'places'));
      expect(places.places).toEqual([{ id: 'main', name: 'Main', archived: false, revision: 1 }]);
      const items = await boss.items();
      expect(items.items.map((i) => [i.id, i.quantity, i.stock])).toEqual([
        ['lamp', 12, [{ placeId: 'main', quantity: 12 }]],
        ['bolt', 3, [{ placeId: 'main', quantity: 3 }]],
      ]);
      // A device that pulled before the upgrade (the cursor it was handed then: past every old
      // stamp) learns the places.
      const old = kind === 'sqlite' ? 6 : 7;
      expect((await boss.items(old)).items.map((i) => i.id).sort()).toEqual(['bolt', 'lamp']);

      const history = await boss.history('lamp');
      expect(history.map((e) => [e.operationId, e.placeId, e.placeQuantity])).toEqual([
        ['Lold.2', null, null],
        ['Lold.1', 'main', 12],
        ['Lold.0', 'main', 10],
      ]);

      const lease = await boss.lease('office');
      const created = await boss.postOp(
        lease.body({ type: 'createPlace', placeId: 'back', name: 'Back room' }),
      );
      expect(expectReceipt(created, 201).outcome).toBe('applied');
      const moved = await boss.postOp(
        lease.body({
          type: 'transfer',
          itemId: 'lamp',
          fromPlaceId: 'main',
          toPlaceId: 'back',
          quantity: 5,
        }),
      );
      expect(expectReceipt(moved, 201)).toMatchObject({
        outcome: 'applied',
        resultingQuantity: 12,
        itemRevision: 3,
      });
      expect((await boss.item('lamp')).stock).toEqual([
        { placeId: 'back', quantity: 5 },
        { placeId: 'main', quantity: 7 },
      ]);
    }, 120_000);
  });
}
