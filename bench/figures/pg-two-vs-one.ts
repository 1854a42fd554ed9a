/**
 * pg_two_vs_one: PostgreSQL, POST /api/operations throughput of two server processes
 * (`WORKERS=2`: node:cluster, one port, connections spread over both) ÷ one process. Each
 * configuration runs on a fresh schema of its own; rounds alternate between them.
 */
import { atLeast, type Figure } from '../figure';
import { CONNECTIONS, loadPlan, operationsLoad } from '../support/http-load-plan';
import { withLoadWorker } from '../support/load';
import { withOneAndTwoProcesses } from '../support/pg-servers';
import { alternate } from '../support/stats';

export const pgTwoVsOne: Figure = {
  name: 'pg_two_vs_one',
  target: '≥ 1.4',
  async run({ quick, workDir, profileDir }) {
    const plan = loadPlan(quick);
    return withOneAndTwoProcesses('bench', { workDir, profileDir }, (single, pair) =>
      withLoadWorker(async (worker) => {
        const runs: Record<string, unknown>[] = [];
        const ab = await alternate(
          plan.rounds,
          await operationsLoad(worker, [pair.url], plan, 'two processes', runs),
          await operationsLoad(worker, [single.url], plan, 'one process', runs),
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
  },
};
