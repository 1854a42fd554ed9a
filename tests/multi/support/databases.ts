/**
 * One database shared by several server processes: a SQLite file, or a PostgreSQL schema of its
 * own (`?schema=` in DATABASE_URL), dropped afterwards. PostgreSQL must be reachable (a failure,
 * never a skip): scripts/ci-postgres.sh starts one.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
  TEST_PGBOUNCER_URL,
} from '../../support/server/postgres-test-db';

export interface SharedDatabase {
  kind: 'sqlite' | 'postgres';
  /** The environment of every server process on this database. */
  env: Record<string, string>;
  /** The SQLite file (null for PostgreSQL). */
  file: string | null;
  dispose(): Promise<void>;
}

const COMMON = {
  PORT: '0',
  HOST: '127.0.0.1',
  DEMO: '1',
  STOCKROOM_SECRET: 'multi-process-secret',
  // Cheap password hashes for the many sign-ins of the suites (production's N = 2^17 is tested
  // in src/server/passwords.test.ts and tests/api/production.test.ts).
  PASSWORD_COST: '12',
  CLEANUP_INTERVAL: '365d',
};

export async function sqliteDatabase(): Promise<SharedDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-multi-'));
  const file = join(dir, 'stockroom.db');
  return {
    kind: 'sqlite',
    file,
    env: { ...COMMON, DATABASE_URL: `sqlite:${file}`, EXPORT_FILE: join(dir, 'export.jsonl') },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

export const postgresDatabase = (): Promise<SharedDatabase> => sharedPostgres(TEST_DATABASE_URL);

/**
 * The same PostgreSQL through PgBouncer in transaction mode (scripts/ci-pgbouncer.sh), as a
 * deployment with a pooler runs: PG_POOLER=transaction, and PostgreSQL itself in
 * DATABASE_DIRECT_URL for what holds a session (the serving lock, the migrations).
 */
export const pgbouncerDatabase = (): Promise<SharedDatabase> =>
  sharedPostgres(TEST_PGBOUNCER_URL, {
    PG_POOLER: 'transaction',
    DATABASE_DIRECT_URL: TEST_DATABASE_URL,
  });

async function sharedPostgres(
  base: string,
  settings: Record<string, string> = {},
): Promise<SharedDatabase> {
  await requirePostgres(base);
  const schema = randomSchema('multi');
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  const dir = join(tmpdir(), `stockroom-multi-${randomUUID()}`);
  return {
    kind: 'postgres',
    file: null,
    env: {
      ...COMMON,
      ...settings,
      DATABASE_URL: url.toString(),
      EXPORT_FILE: join(dir, 'export.jsonl'),
    },
    dispose: async () => {
      await dropSchema(schema);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const DATABASES = [
  ['SQLite file', sqliteDatabase],
  ['PostgreSQL', postgresDatabase],
] as const;

/** The safety suites that must hold behind a pooler too add this one. */
export const PGBOUNCER = ['PostgreSQL through PgBouncer', pgbouncerDatabase] as const;
