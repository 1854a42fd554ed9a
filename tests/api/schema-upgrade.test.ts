/**
 * docs/operations.md#upgrading: a server never opens a database whose schema is newer
 * than its own (exit 1, both versions named, nothing written); `npm run migrate` applies pending
 * migrations without starting the server and says what it did; `MIGRATE=0` makes a start on an
 * unmigrated database stop with a message instead of migrating. On SQLite and PostgreSQL.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/start';
import { POSTGRES_MIGRATIONS, quoteIdent } from '../../src/server/store/postgres-schema';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
} from '../support/server/postgres-test-db';
import { SQLITE_MIGRATIONS } from '../../src/server/store/sqlite-schema';
import { openSqliteStore } from '../../src/server/store/sqlite-store';
import { messagesAt, runTs, type CommandResult } from './support/commands';
import { BASE_ENV } from './support/server';

const LATEST_SQLITE = SQLITE_MIGRATIONS.length;
const LATEST_POSTGRES = POSTGRES_MIGRATIONS.length;

const serve = (env: Record<string, string>) =>
  runTs('src/server/main.ts', [], { ...BASE_ENV, LOG_LEVEL: 'warn', ...env }, '', 60_000);
const migrate = (env: Record<string, string>) => runTs('src/server/cli/migrate.ts', [], env);
/** The server's fatal log line (pino JSON on standard output): why it did not start. */
const fatal = (run: CommandResult) => messagesAt(run.stdout, 60).join('\n');

describe('SQLite', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockroom-schema-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const digest = async (file: string) =>
    createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  const userVersion = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return db.pragma('user_version', { simple: true }) as number;
    } finally {
      db.close();
    }
  };

  it('a newer schema: the server exits 1 naming both versions, the file is not written', async () => {
    const file = join(dir, 'newer.db');
    await (await openSqliteStore(`sqlite:${file}`)).close();
    const db = new Database(file);
    db.pragma(`user_version = ${LATEST_SQLITE + 3}`);
    db.pragma('journal_mode = DELETE');
    db.close();
    const before = await digest(file);

    const run = await serve({ DATABASE_URL: `sqlite:${file}`, EXPORT_FILE: join(dir, 'x.jsonl') });
    expect(run.code).toBe(1);
    expect(fatal(run)).toContain(`schema is version ${LATEST_SQLITE + 3}`);
    expect(fatal(run)).toContain(`(schema version ${LATEST_SQLITE})`);
    expect(run.stdout).not.toMatch(/listening/);
    expect(await digest(file)).toBe(before);
    expect(userVersion(file)).toBe(LATEST_SQLITE + 3);

    // npm run migrate refuses it the same way, and writes nothing either.
    const refused = await migrate({ DATABASE_URL: `sqlite:${file}` });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`schema is version ${LATEST_SQLITE + 3}`);
    expect(await digest(file)).toBe(before);
  });

  it('MIGRATE=0 stops on an older schema; npm run migrate brings it up, once', async () => {
    const file = join(dir, 'older.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    for (const sql of SQLITE_MIGRATIONS.slice(0, LATEST_SQLITE - 1)) db.exec(sql);
    db.pragma(`user_version = ${LATEST_SQLITE - 1}`);
    db.close();
    const env = { DATABASE_URL: `sqlite:${file}`, EXPORT_FILE: join(dir, 'y.jsonl') };

    const stopped = await serve({ ...env, MIGRATE: '0' });
    expect(stopped.code).toBe(1);
    expect(fatal(stopped)).toMatch(/MIGRATE=0 is set, so nothing was migrated/);
    expect(fatal(stopped)).toContain(`version ${LATEST_SQLITE - 1}`);
    expect(userVersion(file)).toBe(LATEST_SQLITE - 1);

    const first = await migrate(env);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      `migrated ${file}: schema version ${LATEST_SQLITE - 1} → ${LATEST_SQLITE} (1 migration applied)\n`,
    );
    expect(userVersion(file)).toBe(LATEST_SQLITE);
    const again = await migrate(env);
    expect(again.stdout).toBe(
      `nothing to migrate: ${file} is at schema version ${LATEST_SQLITE}\n`,
    );

    const server = await startServer({ ...BASE_ENV, ...env, MIGRATE: '0' });
    await server.close();
  });

  it('MIGRATE=0 on a database file that is not there stops with nothing created', async () => {
    const missing = join(dir, 'typo', 'stockroom.db');
    const stopped = await serve({ DATABASE_URL: `sqlite:${missing}`, MIGRATE: '0' });
    expect(stopped.code).toBe(1);
    expect(fatal(stopped)).toMatch(/schema is version 0 .*MIGRATE=0 is set/);
    expect(existsSync(join(dir, 'typo'))).toBe(false);
  });
});

describe('PostgreSQL', () => {
  const schemas: string[] = [];
  beforeAll(async () => {
    await requirePostgres();
  });
  afterAll(async () => {
    await Promise.all(schemas.map((s) => dropSchema(s)));
  });
  const fresh = () => {
    const schema = randomSchema('upgrade');
    schemas.push(schema);
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('schema', schema);
    return { schema, url: url.toString() };
  };
  async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }
  const pgEnv = (url: string) => ({ ...BASE_ENV, DATABASE_URL: url, DEMO: '0' });

  it('a newer schema: the server refuses it naming both versions, nothing written', async () => {
    const { schema, url } = fresh();
    await (await startServer(pgEnv(url))).close();
    await query(
      `INSERT INTO ${quoteIdent(schema)}.schema_migrations (version) VALUES (${LATEST_POSTGRES + 2})`,
    );
    const snapshot = () =>
      query(
        `SELECT version, applied_at::text FROM ${quoteIdent(schema)}.schema_migrations ORDER BY version`,
      );
    const before = await snapshot();
    const run = await serve({ DATABASE_URL: url, DEMO: '0' });
    expect(run.code).toBe(1);
    expect(fatal(run)).toContain(`schema is version ${LATEST_POSTGRES + 2}`);
    expect(fatal(run)).toContain(`(schema version ${LATEST_POSTGRES})`);
    expect(await snapshot()).toEqual(before);
  });

  it('MIGRATE=0 on a new database stops with nothing created; npm run migrate makes it', async () => {
    const { schema, url } = fresh();
    await expect(startServer({ ...pgEnv(url), MIGRATE: '0' })).rejects.toThrow(
      /schema is version 0 .*MIGRATE=0 is set/,
    );
    const tables = () =>
      query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = '${schema}'`,
      );
    expect(await tables()).toEqual([{ n: 0 }]);

    const done = await migrate({ DATABASE_URL: url });
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`schema version 0 → ${LATEST_POSTGRES}`);
    expect(done.stdout).toContain(`(schema ${schema})`);
    expect(done.stdout).not.toContain('stockroom:stockroom');
    const server = await startServer({ ...pgEnv(url), MIGRATE: '0' });
    await server.close();
  });
});
