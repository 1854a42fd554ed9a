/**
 * PostgreSQL for the multi-process figure: the test database (TEST_DATABASE_URL, brought up by
 * scripts/ci-postgres.sh when it is not reachable), and a fresh schema per server configuration,
 * selected through the connection string's `options=-c search_path=…`, dropped afterwards.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
  TEST_PGBOUNCER_URL,
} from '../../tests/support/server/postgres-test-db';
import { quoteIdent } from '../../src/server/store/postgres-schema';
import { REPO_ROOT } from './server-process';

const run = promisify(execFile);

export async function ensurePostgres(url = TEST_DATABASE_URL): Promise<void> {
  try {
    await requirePostgres(url);
  } catch {
    await run('bash', ['scripts/ci-postgres.sh'], { cwd: REPO_ROOT, timeout: 300_000 });
    await requirePostgres(url);
  }
}

/** PgBouncer in transaction mode in front of it (scripts/ci-pgbouncer.sh), started when missing. */
export async function ensurePgBouncer(url = TEST_PGBOUNCER_URL): Promise<void> {
  await ensurePostgres();
  try {
    await requirePostgres(url);
  } catch {
    await run('bash', ['scripts/ci-pgbouncer.sh'], { cwd: REPO_ROOT, timeout: 300_000 });
    await requirePostgres(url);
  }
}

export async function admin<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

export interface FreshSchema {
  /** DATABASE_URL for a server that should see only this schema. */
  url: string;
  drop(): Promise<void>;
}

/**
 * `applicationName` labels the server's connections in `pg_stat_activity`, so a figure can find
 * the backends that serve it (their pids, their waits).
 */
export async function freshSchema(
  prefix: string,
  base = TEST_DATABASE_URL,
  applicationName?: string,
): Promise<FreshSchema> {
  const schema = randomSchema(prefix);
  await admin(base, (c) => c.query(`CREATE SCHEMA ${quoteIdent(schema)}`));
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  if (applicationName) url.searchParams.set('application_name', applicationName);
  return {
    url: url.toString(),
    drop: () =>
      admin(base, (c) => c.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`)).then(
        () => undefined,
      ),
  };
}
