/**
 * pg_two_vs_one (reported): PostgreSQL, POST /api/operations throughput of two server processes
 * (`WORKERS=2`: node:cluster, one port, connections spread over both) ÷ one process, on servers
 * already warmed up (pg-scaling.ts); rounds alternate between them. On 2 cores shared with
 * Postgres the ratio is bounded by the cores, not by the server (bench/README.md).
 */
import { round, type FigureResult } from '../figure';
import { CONNECTIONS, operationsLoad, type LoadPlan } from '../support/http-load-plan';
import type { LoadWorker } from '../support/load';
import type { ServerProcess } from '../support/server-process';
import { alternate } from '../support/stats';

export async function throughputTwoVsOne(
  worker: LoadWorker,
  { single, pair }: { single: ServerProcess; pair: ServerProcess },
  plan: LoadPlan,
): Promise<{ result: FigureResult; saturated: { one: number; two: number } }> {
  const runs: Record<string, unknown>[] = [];
  const ab = await alternate(
    plan.rounds,
    await operationsLoad(worker, [pair.url], plan, 'two processes', runs),
    await operationsLoad(worker, [single.url], plan, 'one process', runs),
  );
  return {
    saturated: { two: ab.a, one: ab.b },
    result: {
      value: round(ab.ratio),
      pass: true,
      details: {
        twoProcessesPerSec: ab.a,
        oneProcessPerSec: ab.b,
        connections: CONNECTIONS,
        totalRatio: ab.totalRatio,
        runs,
      },
    },
  };
}
