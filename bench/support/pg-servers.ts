/**
 * The PostgreSQL scaling figures' setup (pg_two_vs_one, pg_cpu_two_vs_one): one server process and
 * a `WORKERS=2` pair, each on a fresh schema of its own, dropped afterwards. Each side's connections
 * carry `application_name` `<prefix>_one` / `<prefix>_two`, so a figure can find the Postgres
 * backends serving it.
 */
import { join } from 'node:path';
import { TEST_DATABASE_URL } from '../../src/server/store/postgres-test-db';
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
    const specs = schemas.map((schema, i) => ({
      env: { ...benchEnv(dirs.workDir), DATABASE_URL: schema.url, WORKERS: String(i + 1) },
      profileDir: dirs.profileDir && join(dirs.profileDir, i === 0 ? 'one' : 'two'),
    }));
    return await withServers(specs, ([single, pair]) => fn(single!, pair!));
  } finally {
    await Promise.all(schemas.map((s) => s.drop()));
  }
}
