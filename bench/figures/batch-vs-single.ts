/**
 * batch_vs_single: one client draining its queue sequentially (10,000 operations; quick: 1,000),
 * with POST /api/operations/batch (500 per request) ÷ one POST /api/operations per operation.
 * Halves are alternated (batch, single, batch, single) so both see the same machine.
 */
import { join } from 'node:path';
import { atLeast, type Figure } from '../figure';
import { adjustBody, demoSession } from '../support/demo-session';
import { httpClient } from '../support/http-client';
import { benchEnv, withServers } from '../support/server-process';
import { alternate, timed } from '../support/stats';

const BATCH = 500;

export const batchVsSingle: Figure = {
  name: 'batch_vs_single',
  target: '≥ 10',
  async run({ quick, workDir, profileDir }) {
    const total = quick ? 1000 : 10_000;
    const rounds = quick ? 2 : 4;
    const perRound = total / rounds;
    const env = { ...benchEnv(workDir), DATABASE_URL: `sqlite:${join(workDir, 'x.db')}` };
    return withServers([{ env, profileDir }], async ([server]) => {
      const client = httpClient(server!.url);
      try {
        const session = await demoSession(client);
        const lease = await session.lease();
        const headers = { authorization: session.authorization };
        let seq = 0;
        const body = () => adjustBody(lease, seq++, session.itemIds);
        const drainBatches = async (count: number) => {
          for (let sent = 0; sent < count; sent += BATCH) {
            await session.batch(Array.from({ length: Math.min(BATCH, count - sent) }, body));
          }
          return count;
        };
        const drainSingles = async (count: number) => {
          for (let i = 0; i < count; i++) {
            await client.json('POST', '/api/operations', body(), 201, headers);
          }
          return count;
        };
        // Warm-up (not counted), so neither side pays for the JIT or cold caches.
        await drainBatches((quick ? 1 : 4) * BATCH);
        await drainSingles(quick ? 100 : 300);
        const ab = await alternate(
          rounds,
          () => timed(() => drainBatches(perRound)),
          () => timed(() => drainSingles(perRound)),
        );
        return atLeast(ab.ratio, 10, {
          batchOpsPerSec: ab.a,
          singleOpsPerSec: ab.b,
          operationsEach: total,
          batchSize: BATCH,
          totalRatio: ab.totalRatio,
          rounds: ab.rounds,
        });
      } finally {
        client.close();
      }
    });
  },
};
