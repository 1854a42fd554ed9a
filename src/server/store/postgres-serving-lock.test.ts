import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
} from '../../../tests/support/server/postgres-test-db';
import { openPostgresStore } from './postgres-store';
import { servingLockKey, tryExclusiveServingLock } from './postgres-serving-lock';
import type { Store } from './store';

beforeAll(() => requirePostgres());

/** The backends holding the shared serving lock of `schema` (other fixtures use other schemas). */
async function holders(client: pg.Client, schema: string): Promise<number[]> {
  const r = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND mode = 'ShareLock'
       AND classid = $1::int::oid AND objid = hashtext($2)::oid AND objsubid = 2`,
    [...servingLockKey(schema)],
  );
  return r.rows.map((row) => row.pid);
}

/** What `npm run restore` would meet: true when it could take the lock (then let go at once). */
async function restoreCouldStart(client: pg.Client, schema: string): Promise<boolean> {
  if (!(await tryExclusiveServingLock(client, schema))) return false;
  await client.query('SELECT pg_advisory_unlock($1::int, hashtext($2)::int)', [
    ...servingLockKey(schema),
  ]);
  return true;
}

describe('the PostgreSQL serving lock', () => {
  let store: Store | null = null;
  let probe: pg.Client | null = null;
  let schema = '';

  afterEach(async () => {
    await store?.close();
    await probe?.end();
    await dropSchema(schema);
    store = null;
    probe = null;
  });

  it('is taken again when its connection is lost, so a restore is refused again', async () => {
    schema = randomSchema('serving_lock');
    store = await openPostgresStore(TEST_DATABASE_URL, { schema });
    probe = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await probe.connect();
    const [first] = await holders(probe, schema);
    expect(first).toBeTypeOf('number');
    expect(await restoreCouldStart(probe, schema)).toBe(false);

    // What a PostgreSQL restart does to the lock's connection, without restarting the cluster
    // every fixture shares.
    const ended = await probe.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [
      first,
    ]);
    expect(ended.rows[0]?.ok).toBe(true);

    await expect
      .poll(async () => (await holders(probe as pg.Client, schema)).filter((p) => p !== first), {
        timeout: 15_000,
      })
      .toHaveLength(1);
    expect(await restoreCouldStart(probe, schema)).toBe(false);
  });

  it('lets a restore in once the store is closed, and takes nothing again after', async () => {
    schema = randomSchema('serving_lock');
    store = await openPostgresStore(TEST_DATABASE_URL, { schema });
    probe = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await probe.connect();
    expect(await restoreCouldStart(probe, schema)).toBe(false);
    await store.close();
    store = null;
    expect(await holders(probe, schema)).toEqual([]);
    expect(await restoreCouldStart(probe, schema)).toBe(true);
  });
});
