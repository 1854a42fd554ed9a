/**
 * pg_two_vs_one (reported): PostgreSQL, POST /api/operations throughput of two server processes
 * (`WORKERS=2`: node:cluster, one port, connections spread over both) ÷ one process. Each
 * configuration runs on a fresh schema of its own, is first warmed up by a number of operations
 * per process (support/pg-servers.ts), then rounds alternate between them. On 2 cores shared with
 * Postgres the ratio is bounded by the cores, not by the server (bench/README.md).
 */
import { round, type Figure } from '../figure';
import { CONNECTIONS, loadPlan, operationsLoad } from '../support/http-load-plan';
import { withLoadWorker } from '../support/load';
import { warmUp, warmUpPlan, withOneAndTwoProcesses } from '../support/pg-servers';
import { alternate } from '../support/stats';

export const pgTwoVsOne: Figure = {
  name: 'pg_two_vs_one',
  target: 'report',
  async run({ quick, workDir, profileDir }) {
    const plan = { ...loadPlan(quick), warmupSeconds: 0 };
    return withOneAndTwoProcesses('bench', { workDir, profileDir }, (single, pair) =>
      withLoadWorker(async (worker) => {
        const warming = warmUpPlan(quick);
        const warm = {
          two: await warmUp(worker, pair, 2, warming),
          one: await warmUp(worker, single, 1, warming),
        };
        const runs: Record<string, unknown>[] = [];
        const ab = await alternate(
          plan.rounds,
          await operationsLoad(worker, [pair.url], plan, 'two processes', runs),
          await operationsLoad(worker, [single.url], plan, 'one process', runs),
        );
        return {
          value: round(ab.ratio),
          pass: true,
          details: {
            twoProcessesPerSec: ab.a,
            oneProcessPerSec: ab.b,
            connections: CONNECTIONS,
            totalRatio: ab.totalRatio,
            warmUp: warm,
            runs,
          },
        };
      }),
    );
  },
};
