/**
 * The PostgreSQL database the tests use, and a schema of their own per fixture (dropped after).
 * An unreachable server is a test FAILURE with a clear message, never a skip: run
 * scripts/ci-postgres.sh (or point TEST_DATABASE_URL at a server).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { quoteIdent } from '../../../src/server/store/postgres-schema';

export const TEST_DATABASE_URL =
  process.env['TEST_DATABASE_URL'] ??
  'postgres://stockroom:stockroom@127.0.0.1:5432/stockroom_test';

/**
 * The same database through PgBouncer in transaction mode (scripts/ci-pgbouncer.sh), for the suites
 * that run through a pooler too (PG_POOLER=transaction).
 */
export const TEST_PGBOUNCER_URL =
  process.env['TEST_PGBOUNCER_URL'] ??
  'postgres://stockroom:stockroom@127.0.0.1:6432/stockroom_test';

export async function requirePostgres(url = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      url === TEST_PGBOUNCER_URL
        ? `PgBouncer is not reachable at ${url} (${reason}). Start it with ` +
            'scripts/ci-pgbouncer.sh (after scripts/ci-postgres.sh), or set TEST_PGBOUNCER_URL.'
        : `PostgreSQL is not reachable at ${url} (${reason}). Start one with ` +
            'scripts/ci-postgres.sh, or set TEST_DATABASE_URL to a server where this role may ' +
            'create schemas.',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function randomSchema(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export async function dropSchema(schema: string, url = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}
