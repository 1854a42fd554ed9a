/**
 * The PostgreSQL scaling figures' setup (pg_two_vs_one, pg_cpu_two_vs_one): one server process and
 * a `WORKERS=2` pair, each on a fresh schema and an export ledger of its own (two deployments that
 * share nothing but the machine and the Postgres server), dropped afterwards. Each side's
 * connections carry `application_name` `<prefix>_one` / `<prefix>_two`, so a figure can find the
 * Postgres backends serving it.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TEST_DATABASE_URL } from '../../tests/support/server/postgres-test-db';
import { operationsStream, signedInSession, type LoadPlan } from './http-load-plan';
import type { LoadWorker } from './load';
import { ensurePostgres, freshSchema, type FreshSchema } from './postgres';
import { benchEnv, withServers, type ServerProcess } from './server-process';

export async function withOneAndTwoProcesses<T>(
  prefix: string,
  dirs: { workDir: string; profileDir?: string | undefined },
  fn: (single: ServerProcess, pair: ServerProcess) => Promise<T>,
): Promise<T> {
  await ensurePostgres();
  const schemas: FreshSchema[] = [];
  try {
    for (const side of ['one', 'two']) {
      schemas.push(await freshSchema(`${prefix}_${side}`, TEST_DATABASE_URL, `${prefix}_${side}`));
    }
    const specs = schemas.map((schema, i) => {
      const side = i === 0 ? 'one' : 'two';
      return {
        // A ledger of its own: with one shared file every process would read (and wait for the
        // lock of) the other deployment's appends too.
        env: {
          ...benchEnv(join(dirs.workDir, side)),
          DATABASE_URL: schema.url,
          WORKERS: String(i + 1),
        },
        profileDir: dirs.profileDir && join(dirs.profileDir, side),
      };
    });
    return await withServers(specs, ([single, pair]) => fn(single!, pair!));
  } finally {
    await Promise.all(schemas.map((s) => s.drop()));
  }
}

/**
 * Operations each server process answers before anything is measured (quick: fewer). V8 keeps
 * optimising the request path for thousands of requests: measured here (2026-12-01), one process
 * spent 4–5 ms of CPU per operation on its first 200 and reached its steady cost (~1 ms under
 * load) only after 3,000–5,000. A warm-up by time would give each of two processes half the operations of one process.
 */
export const warmUpPlan = (quick: boolean): WarmUpPlan =>
  quick ? { perProcess: 4_000, limitSeconds: 15 } : { perProcess: 6_000, limitSeconds: 60 };

export interface WarmUpPlan {
  perProcess: number;
  /** Longest a side's warm-up may take (a very loaded machine): what it reached is reported. */
  limitSeconds: number;
}

export interface WarmUp {
  operations: number;
  seconds: number;
}

/**
 * Sends first-time operations as fast as they are answered, on a lease of its own, until each of
 * the server's `processes` has had `perProcess` of them (node:cluster spreads the connections).
 */
export async function warmUp(
  worker: LoadWorker,
  server: ServerProcess,
  processes: number,
  { perProcess, limitSeconds }: WarmUpPlan,
): Promise<WarmUp> {
  const plan: LoadPlan = { seconds: 2, warmupSeconds: 0, rounds: 1 };
  const stream = operationsStream(worker, [server.url], plan, await signedInSession(server.url));
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  let operations = 0;
  while (operations < processes * perProcess && elapsed() < limitSeconds) {
    operations += (await stream()).ok;
  }
  return { operations, seconds: Math.round(elapsed()) };
}
