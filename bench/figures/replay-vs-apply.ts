/**
 * replay_vs_apply: p50 latency of a replay (same id and body again → 200 Idempotent-Replayed) ÷ p50
 * latency of a first apply (→ 201), sequential requests from one client. Each first apply is
 * followed by the replay of a random earlier operation, so both kinds share the same moments.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { atMost, round, type Figure } from '../figure';
import { adjustBody, demoSession } from '../support/demo-session';
import { httpClient, type Client } from '../support/http-client';
import { benchEnv, withServers } from '../support/server-process';
import { percentile, seededRandom } from '../support/stats';

async function timedSend(
  client: Client,
  body: unknown,
  headers: Record<string, string>,
  expected: number,
): Promise<number> {
  const started = performance.now();
  const r = await client.send('POST', '/api/operations', body, headers);
  const ms = performance.now() - started;
  if (r.status !== expected)
    throw new Error(`expected ${expected}, got ${r.status}: ${r.text.slice(0, 300)}`);
  return ms;
}

export const replayVsApply: Figure = {
  name: 'replay_vs_apply',
  target: '≤ 0.8',
  async run({ quick, workDir, profileDir }) {
    const pairs = quick ? 300 : 3000;
    const warmup = quick ? 100 : 200;
    const env = { ...benchEnv(workDir), DATABASE_URL: `sqlite:${join(workDir, 'x.db')}` };
    return withServers([{ env, profileDir }], async ([server]) => {
      const client = httpClient(server!.url);
      try {
        const session = await demoSession(client);
        const lease = await session.lease();
        const headers = { authorization: session.authorization };
        const random = seededRandom(42);
        const applies: number[] = [];
        const replays: number[] = [];
        for (let seq = 0; seq < warmup + pairs; seq++) {
          const apply = await timedSend(
            client,
            adjustBody(lease, seq, session.itemIds),
            headers,
            201,
          );
          const earlier = adjustBody(lease, Math.floor(random() * (seq + 1)), session.itemIds);
          const replay = await timedSend(client, earlier, headers, 200);
          if (seq < warmup) continue;
          applies.push(apply);
          replays.push(replay);
        }
        const applyP50 = percentile(applies, 50);
        const replayP50 = percentile(replays, 50);
        return atMost(replayP50 / applyP50, 0.8, {
          replayP50Ms: round(replayP50),
          applyP50Ms: round(applyP50),
          replayP99Ms: round(percentile(replays, 99)),
          applyP99Ms: round(percentile(applies, 99)),
          pairs,
        });
      } finally {
        client.close();
      }
    });
  },
};
