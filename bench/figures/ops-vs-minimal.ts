/**
 * ops_vs_minimal: POST /api/operations throughput of the real server ÷ the minimal durable
 * idempotent write server (bench/minimal/server.ts) in the same run: both on SQLite files in WAL
 * with synchronous=FULL and the same group commit, keep-alive, 32 connections, load from a
 * separate process, alternating rounds. The real server's side is everything a safe write adds
 * (auth, validation, lease MAC, fingerprint, journal, export row, retention indexes, metrics,
 * Fastify); the minimal side is a receipt INSERT … ON CONFLICT DO NOTHING and an item UPDATE.
 * Both get the same bodies (`<lease.id>.<seq>`, +1 received on the demo items).
 */
import { join } from 'node:path';
import { atLeast, type Figure } from '../figure';
import { DEMO_ITEM_IDS } from '../support/sqlite-fixture';
import { newLeaseId } from '../../src/server/lease-token';
import { CONNECTIONS, loadPlan, operationsLoad, operationsStream } from '../support/http-load-plan';
import { loadRate, loadSummary, withLoadWorker } from '../support/load';
import { benchEnv, withServers } from '../support/server-process';
import { alternate } from '../support/stats';

export const opsVsMinimal: Figure = {
  name: 'ops_vs_minimal',
  target: '≥ 0.5',
  async run({ quick, workDir, profileDir }) {
    const plan = loadPlan(quick);
    const real = {
      env: {
        ...benchEnv(workDir),
        DATABASE_URL: `sqlite:${join(workDir, 'real.db')}`,
        SQLITE_SYNCHRONOUS: 'FULL',
      },
      profileDir: profileDir && join(profileDir, 'real'),
    };
    const minimal = {
      env: { PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: join(workDir, 'minimal.db') },
      entry: 'bench/minimal/server.ts',
      profileDir: profileDir && join(profileDir, 'minimal'),
    };
    return withServers([real, minimal], ([server, floor]) =>
      withLoadWorker(async (worker) => {
        const runs: Record<string, unknown>[] = [];
        // The minimal server has no sign-in: any header, a lease-shaped id, the demo items.
        const floorSession = {
          authorization: 'Bearer none',
          lease: { id: newLeaseId(), token: 'none', size: 1_000_000 },
          itemIds: DEMO_ITEM_IDS,
        };
        const floorStream = operationsStream(worker, [floor!.url], plan, floorSession);
        const ab = await alternate(
          plan.rounds,
          await operationsLoad(worker, [server!.url], plan, 'stockroom', runs),
          async () => {
            const result = await floorStream();
            runs.push({ label: 'minimal', ...loadSummary(result) });
            return loadRate(result, 'minimal');
          },
        );
        return atLeast(ab.ratio, 0.5, {
          stockroomPerSec: ab.a,
          minimalPerSec: ab.b,
          connections: CONNECTIONS,
          totalRatio: ab.totalRatio,
          rounds: ab.rounds,
          runs,
        });
      }),
    );
  },
};
