/**
 * The shared shape of the throughput figures: one or more spawned servers, a demo session and a lease
 * on each, then autocannon load from a separate process in alternating rounds.
 */
import type { LoadConfig, LoadResult, LoadTarget } from '../load/load-config';
import { demoSession, type LeaseGrant } from './demo-session';
import { httpClient } from './http-client';
import { loadRate, loadSummary, type LoadWorker } from './load';
import type { Rate } from './stats';

export const CONNECTIONS = 32;

export interface LoadPlan {
  seconds: number;
  warmupSeconds: number;
  rounds: number;
}

export const loadPlan = (quick: boolean): LoadPlan =>
  quick ? { seconds: 2, warmupSeconds: 1, rounds: 2 } : { seconds: 4, warmupSeconds: 2, rounds: 4 };

/**
 * A stream of first-time operations against the servers at `urls` (one database): each call runs
 * one measured load (warming up on the first call only) and continues the lease's sequence.
 */
export async function operationsLoad(
  worker: LoadWorker,
  urls: string[],
  plan: LoadPlan,
  label: string,
  log: Record<string, unknown>[],
): Promise<() => Promise<Rate>> {
  const client = httpClient(urls[0]!);
  let lease: LeaseGrant;
  let authorization: string;
  let itemIds: string[];
  try {
    const session = await demoSession(client);
    lease = await session.lease();
    authorization = session.authorization;
    itemIds = session.itemIds;
  } finally {
    client.close();
  }
  let seq = 0;
  let warm = false;
  return async () => {
    const result = await load(worker, urls, plan, warm, {
      kind: 'operations',
      authorization,
      lease,
      itemIds,
      firstSeq: seq,
    });
    warm = true;
    seq = result.nextSeq;
    log.push({ label, ...loadSummary(result) });
    return loadRate(result, label);
  };
}

/** Repeated GETs of one path (e.g. /api/health), warming up on the first call only. */
export function getLoad(
  worker: LoadWorker,
  urls: string[],
  path: string,
  plan: LoadPlan,
  label: string,
  log: Record<string, unknown>[],
): () => Promise<Rate> {
  let warm = false;
  return async () => {
    const result = await load(worker, urls, plan, warm, { kind: 'get', path });
    warm = true;
    log.push({ label, ...loadSummary(result) });
    return loadRate(result, label);
  };
}

function load(
  worker: LoadWorker,
  urls: string[],
  plan: LoadPlan,
  warm: boolean,
  target: LoadTarget,
): Promise<LoadResult> {
  const config: LoadConfig = {
    urls,
    connections: CONNECTIONS,
    seconds: plan.seconds,
    warmupSeconds: warm ? 0 : plan.warmupSeconds,
    target,
  };
  return worker.run(config);
}
