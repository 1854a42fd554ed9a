/**
 * group_commit: concurrent single-operation requests (32 connections) under synchronous=FULL,
 * throughput with the server's group commit (default) ÷ with GROUP_COMMIT=0 (one transaction, and
 * one fsync, per request). Two servers, each on its own database, measured in alternating rounds.
 */
import { join } from 'node:path';
import { atLeast, type Figure } from '../figure';
import { CONNECTIONS, loadPlan, operationsLoad } from '../support/http-load-plan';
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
    return withServers(
      [server('grouped', '1'), server('single', '0')],
      async ([grouped, single]) => {
        const runs: Record<string, unknown>[] = [];
        const ab = await alternate(
          plan.rounds,
          await operationsLoad([grouped!.url], plan, 'group commit', runs),
          await operationsLoad([single!.url], plan, 'GROUP_COMMIT=0', runs),
        );
        return atLeast(ab.ratio, 5, {
          groupedPerSec: ab.a,
          oneTransactionPerRequestPerSec: ab.b,
          connections: CONNECTIONS,
          totalRatio: ab.totalRatio,
          runs,
        });
      },
    );
  },
};
