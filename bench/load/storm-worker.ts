/**
 * Simulated devices in a process of their own (the server's CPU is not shared with them in one
 * event loop). `node --import tsx bench/load/storm-worker.ts` reads one StormRun JSON per line on
 * stdin and answers one `{ result }` (StormResult) or `{ error }` JSON line; it ends when stdin closes.
 *
 * Each device is a phone: its own keep-alive connection, its own lease (taken before the clock
 * starts, kept across runs), its queued operations sent over `POST /api/operations/batch` with the
 * client's own retry rules (src/client/core/retry-policy.ts: full jitter, `Retry-After` as a floor,
 * DEFAULT_BACKOFF) and a time limit per attempt. A retry resends the same ids, so an answer lost
 * to a timeout comes back as a replay, never as a second effect.
 */
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_BACKOFF, parseRetryAfter, retryDelay } from '../../src/client/core/retry-policy';
import type { LeaseResponse } from '../../src/protocol/schemas';
import { adjustBody, type LeaseGrant } from '../support/demo-session';
import { cpuSecondsOf } from '../support/proc-cpu';
import { percentile, seededRandom } from '../support/stats';
import type { StormResult, StormRun } from './storm-config';

type Outcome =
  | { kind: 'answer'; status: number; retryAfter: string | null; text: string }
  | { kind: 'timeout' }
  | { kind: 'error'; code: string };

function post(
  agent: Agent,
  url: URL,
  path: string,
  payload: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const req = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ra = res.headers['retry-after'];
          done({
            kind: 'answer',
            status: res.statusCode ?? 0,
            retryAfter: typeof ra === 'string' ? ra : null,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', (e: NodeJS.ErrnoException) =>
          done({ kind: 'error', code: e.code ?? e.message }),
        );
      },
    );
    // The whole attempt, not just an idle socket: what a client's fetch timeout is.
    const timer = setTimeout(() => {
      done({ kind: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) =>
      done({ kind: 'error', code: e.code ?? e.message }),
    );
    req.end(payload);
  });
}

const leases = new Map<number, LeaseGrant>();

async function leaseFor(device: number, url: URL, authorization: string): Promise<LeaseGrant> {
  const known = leases.get(device);
  if (known) return known;
  const agent = new Agent({ keepAlive: false });
  const body = JSON.stringify({ deviceId: `storm-${device}` });
  const o = await post(agent, url, '/api/leases', body, { authorization }, 30_000);
  if (o.kind !== 'answer' || o.status !== 201) throw new Error(`lease: ${JSON.stringify(o)}`);
  const r = JSON.parse(o.text) as LeaseResponse;
  const grant = { id: r.lease.id, token: r.token, size: r.lease.size };
  leases.set(device, grant);
  return grant;
}

/** Takes the leases of every device first (not timed), a few at a time. */
async function takeLeases(run: StormRun, url: URL): Promise<LeaseGrant[]> {
  const devices = Array.from({ length: run.devices }, (_, i) => run.firstDevice + i);
  const grants: LeaseGrant[] = [];
  for (let i = 0; i < devices.length; i += 16) {
    const part = devices.slice(i, i + 16);
    grants.push(...(await Promise.all(part.map((d) => leaseFor(d, url, run.authorization)))));
  }
  return grants;
}

async function runOne(run: StormRun): Promise<StormResult> {
  const url = new URL(run.url);
  const grants = await takeLeases(run, url);
  const random = seededRandom(run.seed);
  const headers = { authorization: run.authorization };
  const tally = {
    confirmed: 0,
    attempts: 0,
    shed: 0,
    clientTimeouts: 0,
    connectionErrors: 0,
    maxAttempts: 0,
  };
  const unexpected: Record<string, number> = {};
  const retryAfter: Record<string, number> = {};
  const perSecond: number[] = [];
  const finish: number[] = [];
  const count = (map: Record<string, number>, key: string) => {
    map[key] = (map[key] ?? 0) + 1;
  };
  const cpuBefore = cpuSecondsOf(run.serverPid);
  const started = performance.now();
  const startedAt = Date.now();

  /** One batch until every operation in it has its receipt; returns the attempts it took. */
  async function send(agent: Agent, payload: string, size: number): Promise<number> {
    for (let failures = 0; ;) {
      tally.attempts++;
      const o = await post(agent, url, '/api/operations/batch', payload, headers, run.timeoutMs);
      let floorMs: number | null = null;
      if (o.kind === 'answer' && o.status === 200) {
        const { results } = JSON.parse(o.text) as { results: { status: number }[] };
        for (const r of results) {
          if (r.status === 201 || r.status === 200) tally.confirmed++;
          else count(unexpected, `entry ${r.status}`);
        }
        if (results.length !== size) count(unexpected, 'short batch');
        const second = Math.floor((performance.now() - started) / 1000);
        perSecond[second] = (perSecond[second] ?? 0) + results.length;
        return failures + 1;
      }
      if (o.kind === 'timeout') tally.clientTimeouts++;
      else if (o.kind === 'error') tally.connectionErrors++;
      else if (o.status === 503) {
        tally.shed++;
        count(retryAfter, o.retryAfter ?? 'none');
        floorMs = parseRetryAfter(o.retryAfter, Date.now());
      } else count(unexpected, `status ${o.status}`);
      failures++;
      await sleep(retryDelay(failures, random(), DEFAULT_BACKOFF, floorMs));
    }
  }

  async function device(index: number, lease: LeaseGrant): Promise<void> {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const deviceStart = performance.now();
    let attempts = 0;
    try {
      for (let sent = 0; sent < run.operationsPerDevice; sent += run.batchSize) {
        const size = Math.min(run.batchSize, run.operationsPerDevice - sent);
        const operations = Array.from({ length: size }, (_, i) =>
          adjustBody(lease, run.seqOffset + sent + i, run.itemIds),
        );
        attempts += await send(agent, JSON.stringify({ operations }), size);
      }
    } finally {
      agent.destroy();
    }
    tally.maxAttempts = Math.max(tally.maxAttempts, attempts);
    finish[index] = performance.now() - deviceStart;
  }

  await Promise.all(grants.map((lease, i) => device(i, lease)));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSecondsOf(run.serverPid);
  return {
    confirmed: tally.confirmed,
    startedAt,
    seconds,
    deviceFinishP50Ms: Math.round(percentile(finish, 50)),
    deviceFinishP99Ms: Math.round(percentile(finish, 99)),
    deviceFinishMaxMs: Math.round(Math.max(...finish)),
    attempts: tally.attempts,
    shed: tally.shed,
    clientTimeouts: tally.clientTimeouts,
    connectionErrors: tally.connectionErrors,
    unexpected,
    retryAfter,
    maxAttemptsOneDevice: tally.maxAttempts,
    confirmedPerSecond: Array.from(perSecond, (n) => n ?? 0),
    serverCpuPerSecond:
      cpuBefore === null || cpuAfter === null
        ? null
        : Math.round(((cpuAfter - cpuBefore) / seconds) * 100) / 100,
    leaseIds: grants.map((g) => g.id),
  };
}

// One run at a time, in the order asked.
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const answer = await runOne(JSON.parse(line) as StormRun).then(
    (result) => ({ result }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
