/**
 * group_commit: concurrent single-operation requests (32 connections) under synchronous=FULL,
 * throughput with the server's group commit (default) ÷ with GROUP_COMMIT=0 (one transaction, and
 * one fsync, per request). Two servers, each on its own database, measured in alternating rounds.
 */
import { join } from 'node:path';
import { atLeast, type Figure } from '../figure';
import { CONNECTIONS, loadPlan, operationsLoad } from '../support/http-load-plan';
import { withLoadWorker } from '../support/load';
import { benchEnv, withServers } from '../support/server-process';
import { alternate } from '../support/stats';

export const groupCommit: Figure = {
  name: 'group_commit',
  target: '≥ 5',
  async run({ quick, workDir, profileDir }) {
    const plan = loadPlan(quick);
    const server = (name: string, groupCommit: '1' | '0') => ({
      env: {
        ...benchEnv(workDir),
        DATABASE_URL: `sqlite:${join(workDir, `${name}.db`)}`,
        SQLITE_SYNCHRONOUS: 'FULL',
        GROUP_COMMIT: groupCommit,
      },
      profileDir: profileDir && join(profileDir, name),
    });
    const servers = [server('grouped', '1'), server('single', '0')];
    return withServers(servers, ([grouped, single]) =>
      withLoadWorker(async (worker) => {
        const runs: Record<string, unknown>[] = [];
        const ab = await alternate(
          plan.rounds,
          await operationsLoad(worker, [grouped!.url], plan, 'group commit', runs),
          await operationsLoad(worker, [single!.url], plan, 'GROUP_COMMIT=0', runs),
        );
        return atLeast(ab.ratio, 5, {
          groupedPerSec: ab.a,
          oneTransactionPerRequestPerSec: ab.b,
          connections: CONNECTIONS,
          totalRatio: ab.totalRatio,
          runs,
        });
      }),
    );
  },
};
