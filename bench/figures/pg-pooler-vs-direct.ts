/**
 * pg_pooler_vs_direct (reported): PostgreSQL with four server processes (`WORKERS=4`) through
 * PgBouncer in transaction mode (`PG_POOLER=transaction`: unnamed statements, `SET LOCAL search_path` in each
 * transaction) ÷ directly connected (named statements, the schema a startup option), POST /api/operations throughput in alternating rounds, each
 * deployment on a fresh schema of its own and warmed up first. Beside it, what the pooler is for:
 * the PostgreSQL server connections each deployment holds under that load (the most seen in
 * `pg_stat_activity`, by application_name) and PgBouncer's `SHOW POOLS` (most clients waiting).
 *
 * pg_named_vs_unnamed (reported): the price of what the pooler needs, without the pooler: one
 * process directly connected with named statements ÷ one with `PG_POOLER=transaction` on the
 * direct URL (unnamed statements, SET LOCAL search_path), which decides whether named statements
 * are kept where they are safe. Two figures, so each gets the run's time limit of its own.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { round, type Figure, type FigureOptions, type FigureResult } from '../figure';
import { loadPlan, operationsLoad, type LoadPlan } from '../support/http-load-plan';
import { withLoadWorker, type LoadWorker } from '../support/load';
import { warmUp, type WarmUpPlan } from '../support/pg-servers';
import { admin, ensurePgBouncer } from '../support/postgres';
import { benchEnv, withServers, type ServerProcess } from '../support/server-process';
import { alternate } from '../support/stats';
import { quoteIdent } from '../../src/server/store/postgres-schema';
import {
  randomSchema,
  TEST_DATABASE_URL,
  TEST_PGBOUNCER_URL,
} from '../../tests/support/server/postgres-test-db';

const PROCESSES = 4;

interface Side {
  name: string;
  base: string;
  pooler: 'none' | 'transaction';
  workers: number;
}

/** `?schema=` (created by the server) and an application_name to find its backends by. */
function sideUrl(side: Side, schema: string): string {
  const url = new URL(side.base);
  url.searchParams.set('schema', schema);
  url.searchParams.set('application_name', `bench_${side.name}`);
  return url.toString();
}

/** Starts the sides' servers on fresh schemas, runs `body`, then stops them and drops the schemas. */
async function withSides<T>(
  sides: Side[],
  workDir: string,
  body: (servers: ServerProcess[]) => Promise<T>,
): Promise<T> {
  const schemas = sides.map((s) => randomSchema(`bench_${s.name}`));
  try {
    const specs = sides.map((side, i) => ({
      env: {
        ...benchEnv(join(workDir, side.name)),
        DATABASE_URL: sideUrl(side, schemas[i]!),
        WORKERS: String(side.workers),
        PG_POOLER: side.pooler,
        // What holds a session (the serving lock, the migrations): PostgreSQL itself.
        DATABASE_DIRECT_URL: TEST_DATABASE_URL,
      },
    }));
    return await withServers(specs, body);
  } finally {
    await admin(TEST_DATABASE_URL, async (c) => {
      for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS ${quoteIdent(s)} CASCADE`);
    });
  }
}

interface Peaks {
  /** Most PostgreSQL backends seen at once per side (pg_stat_activity by application_name). */
  serverConnections: Record<string, number>;
  /** PgBouncer's pool: most clients waiting for a server connection, most server connections. */
  pgbouncer: { clWaiting: number; servers: number };
}

/** Samples the connections every 200 ms until `stop` resolves. */
async function sampleConnections(sides: Side[], stop: Promise<void>): Promise<Peaks> {
  const peaks: Peaks = {
    serverConnections: Object.fromEntries(sides.map((s) => [s.name, 0])),
    pgbouncer: { clWaiting: 0, servers: 0 },
  };
  let done = false;
  void stop.then(() => (done = true));
  const bouncerAdmin = new URL(TEST_PGBOUNCER_URL);
  bouncerAdmin.pathname = '/pgbouncer';
  const bouncer = new pg.Client({ connectionString: bouncerAdmin.toString() });
  await bouncer.connect();
  try {
    await admin(TEST_DATABASE_URL, async (db) => {
      while (!done) {
        const r = await db.query<{ name: string; n: number }>(
          `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity
           WHERE application_name LIKE 'bench\\_%' GROUP BY 1`,
        );
        for (const row of r.rows) {
          const name = row.name.replace(/^bench_/, '');
          if (name in peaks.serverConnections) {
            peaks.serverConnections[name] = Math.max(peaks.serverConnections[name] ?? 0, row.n);
          }
        }
        // A plain string goes as a simple query, the only kind PgBouncer's console answers.
        const pools = await bouncer.query<Record<string, number | string>>('SHOW POOLS');
        for (const p of pools.rows.filter((row) => row['pool_mode'] === 'transaction')) {
          const servers = ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'].reduce(
            (sum, k) => sum + Number(p[k] ?? 0),
            0,
          );
          peaks.pgbouncer.clWaiting = Math.max(peaks.pgbouncer.clWaiting, Number(p['cl_waiting']));
          peaks.pgbouncer.servers = Math.max(peaks.pgbouncer.servers, servers);
        }
        await sleep(200);
      }
    });
  } finally {
    await bouncer.end();
  }
  return peaks;
}

/** `a` ÷ `b` throughput over warmed-up servers, in alternating rounds. */
async function ratio(
  worker: LoadWorker,
  [a, b]: [ServerProcess, ServerProcess],
  labels: [string, string],
  plan: LoadPlan,
) {
  const runs: Record<string, unknown>[] = [];
  const ab = await alternate(
    plan.rounds,
    await operationsLoad(worker, [a.url], plan, labels[0], runs),
    await operationsLoad(worker, [b.url], plan, labels[1], runs),
  );
  return { ...ab, runs };
}

const warmUpFor = (quick: boolean): WarmUpPlan =>
  quick ? { perProcess: 1_000, limitSeconds: 8 } : { perProcess: 5_000, limitSeconds: 45 };

async function poolerVsDirect({ quick, workDir }: FigureOptions): Promise<FigureResult> {
  await ensurePgBouncer();
  const plan = { ...loadPlan(quick), warmupSeconds: 0 };
  const pooled: Side = {
    name: 'pooler',
    base: TEST_PGBOUNCER_URL,
    pooler: 'transaction',
    workers: PROCESSES,
  };
  const direct: Side = {
    name: 'direct',
    base: TEST_DATABASE_URL,
    pooler: 'none',
    workers: PROCESSES,
  };
  return withLoadWorker(async (worker) => {
    const main = await withSides([pooled, direct], workDir, async (servers) => {
      const [p, d] = servers as [ServerProcess, ServerProcess];
      const warm = {
        pooler: await warmUp(worker, p, PROCESSES, warmUpFor(quick)),
        direct: await warmUp(worker, d, PROCESSES, warmUpFor(quick)),
      };
      let finish = () => undefined as void;
      const stop = new Promise<void>((resolve) => (finish = resolve));
      const sampled = sampleConnections([pooled, direct], stop);
      try {
        const ab = await ratio(worker, [p, d], ['through PgBouncer', 'direct'], plan);
        return { ab, warm, peaks: await (finish(), sampled) };
      } finally {
        finish();
      }
    });
    return {
      value: round(main.ab.ratio),
      pass: true,
      details: {
        processes: PROCESSES,
        pooledPerSec: main.ab.a,
        directPerSec: main.ab.b,
        totalRatio: main.ab.totalRatio,
        rounds: main.ab.rounds,
        serverConnections: main.peaks.serverConnections,
        pgbouncer: main.peaks.pgbouncer,
        warmUp: main.warm,
        runs: main.ab.runs,
      },
    };
  });
}

async function namedVsUnnamed({ quick, workDir }: FigureOptions): Promise<FigureResult> {
  const plan = { ...loadPlan(quick), warmupSeconds: 0 };
  const named: Side = { name: 'named', base: TEST_DATABASE_URL, pooler: 'none', workers: 1 };
  const unnamed: Side = {
    name: 'unnamed',
    base: TEST_DATABASE_URL,
    pooler: 'transaction',
    workers: 1,
  };
  return withLoadWorker(async (worker) => {
    const ab = await withSides([named, unnamed], workDir, async (servers) => {
      const [n, u] = servers as [ServerProcess, ServerProcess];
      await warmUp(worker, n, 1, warmUpFor(quick));
      await warmUp(worker, u, 1, warmUpFor(quick));
      return ratio(worker, [n, u], ['named, direct', 'unnamed + SET LOCAL, direct'], plan);
    });
    return {
      value: round(ab.ratio),
      pass: true,
      details: {
        namedPerSec: ab.a,
        unnamedPerSec: ab.b,
        totalRatio: ab.totalRatio,
        rounds: ab.rounds,
        runs: ab.runs,
      },
    };
  });
}

export const pgPoolerFigures: readonly Figure[] = [
  { name: 'pg_pooler_vs_direct', target: 'report', run: poolerVsDirect },
  { name: 'pg_named_vs_unnamed', target: 'report', run: namedVsUnnamed },
];
