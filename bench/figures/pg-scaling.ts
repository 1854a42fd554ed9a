/**
 * pg_two_vs_one and pg_cpu_two_vs_one (one measurement, two figures): one PostgreSQL deployment
 * with one server process and one with two, each on a fresh schema of its own and warmed up once
 * by a number of operations per process (support/pg-servers.ts); then their saturated throughput
 * (pg_two_vs_one), and at 60% of the slower one's the CPU each spends per operation
 * (pg_cpu_two_vs_one). Starting and warming the servers is half the cost, so it is paid once.
 */
import { figuresOfOneMeasurement, type FigureOptions, type FigureResult } from '../figure';
import { loadPlan } from '../support/http-load-plan';
import { withLoadWorker } from '../support/load';
import { warmUp, warmUpPlan, withOneAndTwoProcesses } from '../support/pg-servers';
import { admin } from '../support/postgres';
import { TEST_DATABASE_URL } from '../../tests/support/server/postgres-test-db';
import { cpuTwoVsOne } from './pg-cpu-two-vs-one';
import { throughputTwoVsOne } from './pg-two-vs-one';

/** Names the schemas and the servers' connections (`bench_pg_one`, `bench_pg_two`). */
const PREFIX = 'bench_pg';

interface Measured {
  throughput: FigureResult;
  cpu: FigureResult;
}

function measure({ quick, workDir, profileDir }: FigureOptions): Promise<Measured> {
  const plan = { ...loadPlan(quick), warmupSeconds: 0 };
  return withOneAndTwoProcesses(PREFIX, { workDir, profileDir }, (single, pair) =>
    withLoadWorker((worker) =>
      admin(TEST_DATABASE_URL, async (client) => {
        const warming = warmUpPlan(quick);
        const warm = {
          two: await warmUp(worker, pair, 2, warming),
          one: await warmUp(worker, single, 1, warming),
        };
        const throughput = await throughputTwoVsOne(worker, { single, pair }, plan);
        const cpu = await cpuTwoVsOne(
          worker,
          client,
          { single, pair, prefix: PREFIX },
          plan,
          throughput.saturated,
        );
        const withWarmUp = (r: FigureResult) => ({ ...r, details: { warmUp: warm, ...r.details } });
        return { throughput: withWarmUp(throughput.result), cpu: withWarmUp(cpu) };
      }),
    ),
  );
}

export const pgScalingFigures = figuresOfOneMeasurement(measure, [
  { name: 'pg_two_vs_one', target: 'report', pick: (m) => m.throughput },
  { name: 'pg_cpu_two_vs_one', target: 'report', pick: (m) => m.cpu },
]);
