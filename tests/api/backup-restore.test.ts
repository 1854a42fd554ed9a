/**
 * `npm run backup` and `npm run restore` (docs/operations.md#backups-and-restore,
 * docs/api.md#epoch-and-restores), on SQLite and PostgreSQL, as an operator runs them beside a real
 * server:
 *
 * - a backup taken while writers keep going is one moment of the database (checked, counted);
 * - a restore refuses while a server uses the database, and refuses a backup of a newer schema;
 * - after a restore the server answers a new epoch and `restoredFrom.takenAt`; every receipt of
 *   the backup replays byte for byte; work under a lease issued after the backup still applies;
 * - the export ledger, which dedupes by effect id, holds every effect once across the restore;
 * - export rows a worker had claimed when the backup was taken are free after the restore.
 *
 * The devices' side of the drill (finding what the backup lacks) is tests/client/restore-drill.test.ts.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { LeaseResponse, Receipt, SessionResponse } from '../../src/protocol/schemas';
import { SQLITE_MIGRATIONS } from '../../src/server/store/sqlite-schema';
import { POSTGRES_MIGRATIONS } from '../../src/server/store/postgres-schema';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
} from '../support/server/postgres-test-db';
import { startServer, type RunningServer } from '../../src/server/start';
import { eventually } from '../support/eventually';
import { signIn, type Api } from './support/api';
import { runTs, type CommandResult } from './support/commands';
import { send } from './support/http';
import { adjust, type LeaseHandle } from './support/ops';

interface Target {
  kind: 'sqlite' | 'postgres';
  dir: string;
  env: Record<string, string>;
  /** Counts read straight from the database (or a SQLite backup file). */
  counts(
    file?: string,
  ): Promise<{ operations: number; journal: number; exports: number; stock: number }>;
  dispose(): Promise<void>;
}

const SECRET = randomBytes(48).toString('base64');
const COMMON = {
  STOCKROOM_SECRET: SECRET,
  PASSWORD_COST: '12',
  DEMO: '1',
  PORT: '0',
  HOST: '127.0.0.1',
  CLEANUP_INTERVAL: '365d',
};

const COUNTS_SQL = {
  operations: 'SELECT count(*) AS n FROM operations',
  journal: 'SELECT count(*) AS n FROM journal',
  exports: 'SELECT count(*) AS n FROM export_outbox',
  stock: 'SELECT coalesce(sum(quantity), 0) AS n FROM items',
} as const;

async function sqliteTarget(): Promise<Target> {
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-backup-'));
  const db = join(dir, 'stockroom.db');
  return {
    kind: 'sqlite',
    dir,
    env: { ...COMMON, DATABASE_URL: `sqlite:${db}`, EXPORT_FILE: join(dir, 'export.jsonl') },
    async counts(file = db) {
      const d = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const n = (sql: string) => (d.prepare(sql).get() as { n: number }).n;
        return {
          operations: n(COUNTS_SQL.operations),
          journal: n(COUNTS_SQL.journal),
          exports: n(COUNTS_SQL.exports),
          stock: n(COUNTS_SQL.stock),
        };
      } finally {
        d.close();
      }
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  await requirePostgres();
  const schema = randomSchema('backup');
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-backup-pg-'));
  return {
    kind: 'postgres',
    dir,
    env: {
      ...COMMON,
      DATABASE_URL: `${TEST_DATABASE_URL}?schema=${schema}`,
      EXPORT_FILE: join(dir, 'export.jsonl'),
    },
    async counts() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        await c.query(`SET search_path = "${schema}"`);
        const n = async (sql: string) => Number((await c.query<{ n: string }>(sql)).rows[0]?.n);
        return {
          operations: await n(COUNTS_SQL.operations),
          journal: await n(COUNTS_SQL.journal),
          exports: await n(COUNTS_SQL.exports),
          stock: await n(COUNTS_SQL.stock),
        };
      } finally {
        await c.end();
      }
    },
    dispose: async () => {
      await dropSchema(schema);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const backup = (t: Target, file: string) => runTs('src/server/cli/backup.ts', [file], t.env);
const restore = (t: Target, file: string) => runTs('src/server/cli/restore.ts', [file], t.env);

const LINE = /^backup written: (\S+) \((\d+) operations recorded, taken at (\S+)\)\n$/;

function written(result: CommandResult, file: string): { operations: number; takenAt: string } {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const m = LINE.exec(result.stdout);
  expect(m, result.stdout).not.toBeNull();
  expect(m?.[1]).toBe(file);
  expect(new Date(m?.[3] ?? '').toISOString()).toBe(m?.[3]);
  return { operations: Number(m?.[2]), takenAt: m?.[3] ?? '' };
}

async function identityOf(
  api: Api,
): Promise<{ session: SessionResponse; lease: LeaseResponse; ready: unknown }> {
  const session = SessionResponse.parse(
    (
      await send(api.base, 'POST', '/api/session', {
        json: { username: 'demo', password: 'demo' },
      })
    ).body,
  );
  const lease = LeaseResponse.parse((await api.post('/api/leases', { deviceId: 'probe' })).body);
  const ready = (await send(api.base, 'GET', '/readyz')).body;
  return { session, lease, ready };
}

/** Applied adjustments of one demo item, each confirmed: id → the receipt's exact bytes. */
async function confirmed(api: Api, lease: LeaseHandle, n: number): Promise<Map<string, string>> {
  const receipts = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    const body = lease.body(adjust('lamp-14', 1));
    const reply = await api.postOp(body);
    expect(reply.status).toBe(201);
    expect(Receipt.parse(reply.body).outcome).toBe('applied');
    receipts.set(body.id, reply.text);
  }
  return receipts;
}

describe.each([
  ['sqlite', sqliteTarget],
  ['postgres', postgresTarget],
] as const)('backup and restore: %s', (_name, makeTarget) => {
  let target: Target | null = null;
  let server: RunningServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    await target?.dispose();
    target = null;
  });

  it('a backup under concurrent writes is one moment: checked, counted, and the writers go on', async () => {
    const t = (target = await makeTarget());
    server = await startServer(t.env);
    const api = await signIn(server.url, 'demo');
    const lease = await api.lease();
    await confirmed(api, lease, 20);
    // Writers keep going during the whole backup; each write's latency is measured.
    let writing = true;
    const latencies: number[] = [];
    const writer = (async () => {
      while (writing) {
        const started = performance.now();
        const reply = await api.postOp(lease.body(adjust('lamp-14', 1)));
        latencies.push(performance.now() - started);
        expect(reply.status).toBe(201);
      }
    })();
    const file = join(t.dir, 'under-load.backup');
    const result = await backup(t, file);
    writing = false;
    await writer;
    const { operations } = written(result, file);
    expect(latencies.length).toBeGreaterThan(0);
    console.log(
      `${t.kind} backup under writes: ${latencies.length} writes during it, slowest ${Math.round(Math.max(...latencies))} ms`,
    );
    expect(operations).toBeGreaterThanOrEqual(20);
    if (t.kind === 'sqlite') {
      // The copy is one moment: every operation has its journal entry and export row, and the
      // stock is the seed plus exactly the deltas recorded (each adjust here is +1).
      const copy = await t.counts(file);
      expect(copy.operations).toBe(operations);
      expect(copy.journal).toBe(operations);
      expect(copy.exports).toBe(operations);
      const d = new Database(file, { readonly: true });
      expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
      d.close();
      // A backup holds password hashes and sessions: its owner's only, whatever the umask. And a
      // restore of a copy that someone made readable leaves the live database its owner's only.
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      await server.close();
      server = null;
      await chmod(file, 0o644);
      expect((await restore(t, file)).stderr).toBe('');
      const live = t.env['DATABASE_URL']?.slice('sqlite:'.length) ?? '';
      expect((await stat(live)).mode & 0o777).toBe(0o600);
    } else {
      // The dump is one moment too: restored, it holds as many operations as the command printed,
      // each with its journal entry and export row.
      await server.close();
      server = null;
      const restored = await restore(t, file);
      expect(restored.stderr).toBe('');
      const copy = await t.counts();
      expect(copy.operations).toBe(operations);
      expect(copy.journal).toBe(operations);
      expect(copy.exports).toBe(operations);
    }
  });

  it('restore: refused while a server runs and for a newer schema; then a new epoch, every receipt of the backup byte for byte, later leases still apply, the ledger holds each effect once', async () => {
    const t = (target = await makeTarget());
    server = await startServer(t.env);
    let api = await signIn(server.url, 'demo');
    const before = await identityOf(api);
    expect(before.session.epoch).toMatch(/^[0-9a-f]{32}$/);
    expect(before.lease.epoch).toBe(before.session.epoch);
    expect(before.session.restoredFrom).toBeUndefined();
    expect(before.ready).toMatchObject({ ready: true, epoch: before.session.epoch });
    expect(before.ready).not.toHaveProperty('restoredFrom');

    const early = await api.lease();
    const kept = await confirmed(api, early, 15);
    const file = join(t.dir, 'stockroom.backup');
    const { takenAt } = written(await backup(t, file), file);
    // After the backup: a new lease, and more confirmed work the backup lacks.
    const late = await api.lease('after-backup');
    const lost = await confirmed(api, late, 5);
    await eventually(
      () => readFile(t.env['EXPORT_FILE']!, 'utf8').catch(() => ''),
      (text) => text.split('\n').filter(Boolean).length === 20,
      'every effect in the ledger',
    );

    const refused = await restore(t, file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/a server is using .*stop it/);
    expect(refused.stdout).toBe('');

    await server.close();
    server = null;

    const newer = join(t.dir, 'newer.backup');
    const ours = t.kind === 'sqlite' ? SQLITE_MIGRATIONS.length : POSTGRES_MIGRATIONS.length;
    await makeNewer(t, file, newer, ours + 1);
    const tooNew = await restore(t, newer);
    expect(tooNew.code).toBe(1);
    expect(tooNew.stderr).toContain(`version ${ours + 1}`);
    expect(tooNew.stderr).toContain(`schema ${ours})`);
    // Nothing was replaced: the database still has all 20 operations.
    expect((await t.counts()).operations).toBe(20);

    const done = await restore(t, file);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`taken at ${takenAt}`);
    if (t.kind === 'sqlite') {
      const files = await readdir(t.dir);
      const keptAs = files.filter((f) => f.startsWith('stockroom.db.before-restore-'));
      expect(keptAs).toHaveLength(1);
      expect(await t.counts(join(t.dir, keptAs[0]!))).toMatchObject({ operations: 20 });
    }
    expect((await t.counts()).operations).toBe(15);

    server = await startServer(t.env);
    api = await signIn(server.url, 'demo');
    const after = await identityOf(api);
    expect(after.session.epoch).toMatch(/^[0-9a-f]{32}$/);
    expect(after.session.epoch).not.toBe(before.session.epoch);
    expect(after.session.restoredFrom).toEqual({ takenAt });
    expect(after.lease.epoch).toBe(after.session.epoch);
    expect(after.lease.restoredFrom).toEqual({ takenAt });
    expect(after.ready).toMatchObject({
      ready: true,
      epoch: after.session.epoch,
      restoredFrom: { takenAt },
    });

    // Every receipt of the backup replays exactly; the later ones are not there.
    for (const [id, text] of kept) {
      const reply = await api.postOp({ id, lease: early.token, op: adjust('lamp-14', 1) });
      expect(reply.status).toBe(200);
      expect(reply.text).toBe(text);
    }
    for (const id of lost.keys()) {
      const status = await api.status(id, late.token);
      expect(status.body).toMatchObject({ state: 'not-yet' });
    }
    // Sent again under the lease issued after the backup: the token proves itself; applied once.
    for (const id of lost.keys()) {
      const reply = await api.postOp({ id, lease: late.token, op: adjust('lamp-14', 1) });
      expect(reply.status).toBe(201);
      expect(Receipt.parse(reply.body).outcome).toBe('applied');
    }
    expect((await t.counts()).operations).toBe(20);
    // The exporter delivers the re-sent effects (and whatever the backup held undelivered); the
    // ledger already had them all and keeps each effect id once.
    await eventually(
      () => server!.store.exportBacklog(),
      (b) => b.pending === 0,
      'export drained',
    );
    const ids = (await readFile(t.env['EXPORT_FILE']!, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { effectId: string }).effectId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(new Set(ids)).toEqual(new Set([...kept.keys(), ...lost.keys()]));
  });

  it('a restore of a file that is no backup is refused and changes nothing', async () => {
    const t = (target = await makeTarget());
    server = await startServer(t.env);
    await server.close();
    server = null;
    const junk = join(t.dir, 'junk.backup');
    await import('node:fs/promises').then((fs) => fs.writeFile(junk, 'not a backup\n'.repeat(100)));
    const result = await restore(t, junk);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^restore: .*junk\.backup/);
    expect((await t.counts()).operations).toBe(0);
  });
});

/** A copy of `file` whose schema claims `version` (a release newer than this one made it). */
async function makeNewer(t: Target, file: string, out: string, version: number): Promise<void> {
  if (t.kind === 'sqlite') {
    const { copyFile } = await import('node:fs/promises');
    await copyFile(file, out);
    const d = new Database(out);
    d.pragma(`user_version = ${version}`);
    d.close();
    return;
  }
  // A scratch schema restored from the backup, marked newer, dumped again.
  const schema = randomSchema('newer');
  const env = { ...t.env, DATABASE_URL: `${TEST_DATABASE_URL}?schema=${schema}` };
  try {
    const source = new URL(t.env['DATABASE_URL']!).searchParams.get('schema')!;
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA "${schema}"`);
      for (const table of ['schema_migrations', 'database_identity', 'operations']) {
        await c.query(`CREATE TABLE "${schema}".${table} (LIKE "${source}".${table})`);
        await c.query(`INSERT INTO "${schema}".${table} SELECT * FROM "${source}".${table}`);
      }
      await c.query(
        `INSERT INTO "${schema}".schema_migrations (version, applied_at) VALUES ($1, now())`,
        [version],
      );
    } finally {
      await c.end();
    }
    const made = await runTs('src/server/cli/backup.ts', [out], env);
    expect(made.stderr).toBe('');
  } finally {
    await dropSchema(schema);
  }
}

describe('backup and restore: postgres, the export outbox', () => {
  let target: Target | null = null;
  afterEach(async () => {
    await target?.dispose();
    target = null;
  });

  it('rows an export worker had claimed when the backup was taken go out at once after a restore', async () => {
    const t = (target = await postgresTarget());
    // No export sink: the rows stay pending, as they are while a worker delivers them.
    const { EXPORT_FILE: _sink, ...env } = t.env;
    const server = await startServer(env);
    try {
      const api = await signIn(server.url, 'demo');
      await confirmed(api, await api.lease(), 5);
    } finally {
      await server.close();
    }
    const schema = new URL(t.env['DATABASE_URL']!).searchParams.get('schema')!;
    const claimedRows = async (): Promise<number> => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        const r = await c.query<{ n: string }>(
          `SELECT count(*) AS n FROM "${schema}".export_outbox
           WHERE delivered_at IS NULL AND claimed_until > $1`,
          [Date.now()],
        );
        return Number(r.rows[0]?.n);
      } finally {
        await c.end();
      }
    };
    // A worker's claim for the next ten minutes, caught by the backup.
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`UPDATE "${schema}".export_outbox SET claimed_until = $1`, [
      Date.now() + 600_000,
    ]);
    await c.end();
    expect(await claimedRows()).toBe(5);
    const file = join(t.dir, 'claimed.backup');
    written(await backup(t, file), file);

    const done = await restore(t, file);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    // No process holds a claim after a restore (it refuses while a server runs): the rows are
    // pending and free, so the next worker delivers them now rather than when the claim lapses.
    expect((await t.counts()).exports).toBe(5);
    expect(await claimedRows()).toBe(0);
  });
});
