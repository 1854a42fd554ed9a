/**
 * "A server is using this database" on PostgreSQL, per schema: every store (each server process,
 * each `npm run users`) holds a shared advisory lock for its schema on a connection of its own for
 * as long as it is open; `npm run restore` needs the same lock exclusively, so it is refused while
 * any store is open, and a server that starts during a restore waits for it to finish.
 * (Session advisory locks need a direct connection, never one through a transaction-mode pooler.)
 */
import pg from 'pg';

/** The two-key form (class, object): apart from the migration lock's one-key space. */
const SERVING_LOCK_CLASS = 0x5707;

export const servingLockKey = (schema: string | null) =>
  [SERVING_LOCK_CLASS, schema ?? 'public'] as const;

const KEY_SQL = '$1::int, hashtext($2)::int';

/** Opens a connection that holds the shared lock until it is ended. */
export async function holdServingLock(url: string, schema: string | null): Promise<pg.Client> {
  // Named as what it is, apart from the pool's connections (whose name the URL may set).
  const own = new URL(url);
  own.searchParams.delete('application_name');
  const client = new pg.Client({
    connectionString: own.toString(),
    application_name: 'stockroom-serving-lock',
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock_shared(${KEY_SQL})`, [...servingLockKey(schema)]);
  } catch (error) {
    await client.end();
    throw error;
  }
  return client;
}

/** Takes the lock exclusively on `client` if nothing holds it; false when a store is open. */
export async function tryExclusiveServingLock(client: pg.Client, schema: string): Promise<boolean> {
  const r = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${KEY_SQL}) AS ok`, [
    ...servingLockKey(schema),
  ]);
  return r.rows[0]?.ok === true;
}
