/**
 * http_vs_health: POST /api/operations throughput ÷ GET /api/health throughput on the same server
 * (SQLite file database, synchronous=FULL, group commit on), keep-alive, 32 connections, load from
 * a separate process. It says how much of the HTTP server's capacity a durable operation costs.
 * Reported, not a target (docs/performance.md#benchmarks): `ops_vs_minimal` is the target on that cost.
 */
import { join } from 'node:path';
import { round, type Figure } from '../figure';
import { CONNECTIONS, getLoad, loadPlan, operationsLoad } from '../support/http-load-plan';
import { withLoadWorker } from '../support/load';
import { benchEnv, withServers } from '../support/server-process';
import { alternate } from '../support/stats';

export const httpVsHealth: Figure = {
  name: 'http_vs_health',
  target: 'report',
  async run({ quick, workDir, profileDir }) {
    const plan = loadPlan(quick);
    const env = { ...benchEnv(workDir), DATABASE_URL: `sqlite:${join(workDir, 'x.db')}` };
    return withServers([{ env, profileDir }], ([server]) =>
      withLoadWorker(async (worker) => {
        const urls = [server!.url];
        const runs: Record<string, unknown>[] = [];
        const ops = await operationsLoad(worker, urls, plan, 'operations', runs);
        const health = getLoad(worker, urls, '/api/health', plan, 'health', runs);
        const ab = await alternate(plan.rounds, ops, health);
        return {
          value: round(ab.ratio),
          pass: true,
          details: {
            operationsPerSec: ab.a,
            healthPerSec: ab.b,
            connections: CONNECTIONS,
            totalRatio: ab.totalRatio,
            runs,
          },
        };
      }),
    );
  },
};
