/**
 * pg_two_vs_one: PostgreSQL, POST /api/operations throughput of two server processes
 * (`WORKERS=2`: node:cluster, one port, connections spread over both) ÷ one process. Each
 * configuration runs on a fresh schema of its own; rounds alternate between them.
 */
import { join } from 'node:path';
import { atLeast, type Figure } from '../figure';
import { CONNECTIONS, loadPlan, operationsLoad } from '../support/http-load-plan';
import { withLoadWorker } from '../support/load';
import { ensurePostgres, freshSchema, type FreshSchema } from '../support/postgres';
import { benchEnv, withServers } from '../support/server-process';
import { alternate } from '../support/stats';

export const pgTwoVsOne: Figure = {
  name: 'pg_two_vs_one',
  target: '≥ 1.4',
  async run({ quick, workDir, profileDir }) {
    const plan = loadPlan(quick);
    await ensurePostgres();
    const schemas: FreshSchema[] = [];
    const server = (schema: FreshSchema, workers: string, name: string) => ({
      env: { ...benchEnv(workDir), DATABASE_URL: schema.url, WORKERS: workers },
      profileDir: profileDir && join(profileDir, name),
    });
    try {
      schemas.push(await freshSchema('bench_one'), await freshSchema('bench_two'));
      const [one, two] = schemas;
      const servers = [server(one!, '1', 'one'), server(two!, '2', 'two')];
      return await withServers(servers, ([single, pair]) =>
        withLoadWorker(async (worker) => {
          const runs: Record<string, unknown>[] = [];
          const ab = await alternate(
            plan.rounds,
            await operationsLoad(worker, [pair!.url], plan, 'two processes', runs),
            await operationsLoad(worker, [single!.url], plan, 'one process', runs),
          );
          return atLeast(ab.ratio, 1.4, {
            twoProcessesPerSec: ab.a,
            oneProcessPerSec: ab.b,
            connections: CONNECTIONS,
            totalRatio: ab.totalRatio,
            runs,
          });
        }),
      );
    } finally {
      await Promise.all(schemas.map((s) => s.drop()));
    }
  },
};
