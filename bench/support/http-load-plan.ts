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

/** What a stream of operations sends with: the header, the lease and the items to adjust. */
export interface OperationsSession {
  authorization: string;
  lease: LeaseGrant;
  itemIds: string[];
}

/** Signs in on the server at `url` as the demo manager and takes a lease. */
export async function signedInSession(url: string): Promise<OperationsSession> {
  const client = httpClient(url);
  try {
    const session = await demoSession(client);
    const lease = await session.lease();
    return { authorization: session.authorization, lease, itemIds: session.itemIds };
  } finally {
    client.close();
  }
}

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
  const session = await signedInSession(urls[0]!);
  const stream = operationsStream(worker, urls, plan, session);
  return async () => {
    const result = await stream();
    log.push({ label, ...loadSummary(result) });
    return loadRate(result, label);
  };
}

/**
 * The raw stream behind `operationsLoad`: each call runs one load (warming up on the first call
 * only, unless `plan.warmupSeconds` is 0) and answers the load worker's result. `rate` caps the
 * offered load (requests per second over all connections); without it, as fast as answered.
 */
export function operationsStream(
  worker: LoadWorker,
  urls: string[],
  plan: LoadPlan,
  session: OperationsSession,
  rate?: number,
): (seconds?: number) => Promise<LoadResult> {
  let seq = 0;
  let warm = false;
  return async (seconds = plan.seconds) => {
    const target: LoadTarget = { kind: 'operations', ...session, firstSeq: seq };
    const result = await load(worker, urls, { ...plan, seconds }, warm, target, rate);
    warm = true;
    seq = result.nextSeq;
    return result;
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
  rate?: number,
): Promise<LoadResult> {
  const config: LoadConfig = {
    urls,
    connections: CONNECTIONS,
    seconds: plan.seconds,
    warmupSeconds: warm ? 0 : plan.warmupSeconds,
    target,
    ...(rate === undefined ? {} : { rate }),
  };
  return worker.run(config);
}
