/**
 * storm_goodput and storm_interactive_p99_ms (one measurement, two figures): a chain's network
 * comes back and 2,000 devices (quick: 1,000), each with its own lease and 50 queued operations
 * (quick: 20), send their backlogs over `POST /api/operations/batch` at the same instant, with the
 * client's own backoff (full jitter, Retry-After as a floor) and a 30 s time limit per attempt,
 * from a process of their own (bench/load/storm-worker.ts). Load shedding is on (the server's
 * defaults). Meanwhile a person at the counter makes one single change every 100 ms from another
 * device (bench/support/interactive-person.ts, in this process).
 *
 * - storm_goodput: operations confirmed per second during the storm (start → last device done) ÷
 *   the steady rate of the same operations (batches of the same size) from 8 devices, each
 *   sending its next batch when the last one was answered; the two are measured in alternating
 *   rounds on the same server. Passes only with no client timeouts, no doubled effect and every
 *   operation's effect in the journal exactly once.
 * - storm_interactive_p99_ms: p99 of the person's tap → receipt during the storms.
 */
import { join } from 'node:path';
import {
  atLeast,
  atMost,
  figuresOfOneMeasurement,
  round,
  type FigureOptions,
  type FigureResult,
} from '../figure';
import type { StormResult, StormRun } from '../load/storm-config';
import { demoSession } from '../support/demo-session';
import { httpClient } from '../support/http-client';
import { startPerson, type PersonReport } from '../support/interactive-person';
import { journalCount } from '../support/journal-check';
import { listenOverflows } from '../support/listen-overflows';
import { withLoadWorker } from '../support/load';
import { benchEnv, withServers } from '../support/server-process';
import { median, percentile, round2 } from '../support/stats';

const TIMEOUT_MS = 30_000;
const STEADY_DEVICES = 8;
const PERSON_EVERY_MS = 100;

interface Plan {
  devices: number;
  operationsPerDevice: number;
  /** Each steady device's backlog (in batches of `operationsPerDevice`). */
  steadyPerDevice: number;
  rounds: number;
}

const plan = (quick: boolean): Plan =>
  quick
    ? { devices: 1000, operationsPerDevice: 20, steadyPerDevice: 300, rounds: 1 }
    : { devices: 2000, operationsPerDevice: 50, steadyPerDevice: 1500, rounds: 2 };

interface Measured {
  goodput: FigureResult;
  interactive: FigureResult;
}

const rate = (r: StormResult) => r.confirmed / r.seconds;

const stormSummary = (r: StormResult) => ({
  opsPerSec: Math.round(rate(r)),
  confirmed: r.confirmed,
  seconds: round2(r.seconds),
  deviceFinishP50Ms: r.deviceFinishP50Ms,
  deviceFinishP99Ms: r.deviceFinishP99Ms,
  deviceFinishMaxMs: r.deviceFinishMaxMs,
  attempts: r.attempts,
  shed503: r.shed,
  clientTimeouts: r.clientTimeouts,
  connectionErrors: r.connectionErrors,
  maxAttemptsOneDevice: r.maxAttemptsOneDevice,
  retryAfter: r.retryAfter,
  unexpected: r.unexpected,
  confirmedPerSecond: r.confirmedPerSecond,
  serverCpuPerSecond: r.serverCpuPerSecond,
});

async function measure({ quick, workDir, profileDir }: FigureOptions): Promise<Measured> {
  const p = plan(quick);
  const dbPath = join(workDir, 'storm.db');
  const env = { ...benchEnv(workDir), DATABASE_URL: `sqlite:${dbPath}` };
  return withServers([{ env, profileDir }], async ([server]) => {
    const url = server!.url;
    const client = httpClient(url);
    const session = await demoSession(client).finally(() => client.close());
    const personLease = await (async () => {
      const c = httpClient(url);
      try {
        return await (await demoSession(c)).lease();
      } finally {
        c.close();
      }
    })();
    const before = journalCount(dbPath);
    return withLoadWorker<Measured, StormRun, StormResult>(async (worker) => {
      const common = {
        url,
        authorization: session.authorization,
        itemIds: session.itemIds,
        batchSize: p.operationsPerDevice,
        timeoutMs: TIMEOUT_MS,
        serverPid: server!.pid,
      };
      let steadySeq = 0;
      const steady = async (perDevice: number, seed: number) => {
        const r = await worker.run({
          ...common,
          firstDevice: 0,
          devices: STEADY_DEVICES,
          operationsPerDevice: perDevice,
          seqOffset: steadySeq,
          seed,
        });
        steadySeq += perDevice;
        return r;
      };
      let confirmed = 0;
      // Warm-up (not counted as a figure), so neither side pays for the JIT or cold caches.
      confirmed += (await steady(p.operationsPerDevice * 4, 1)).confirmed;
      const rounds: {
        steady: StormResult;
        storm: StormResult;
        person: PersonReport;
        /** Connects the kernel dropped meanwhile (machine-wide), see listen-overflows.ts. */
        overflows: number | null;
      }[] = [];
      for (let i = 0; i < p.rounds; i++) {
        const s = await steady(p.steadyPerDevice, 10 + i);
        const person = startPerson({
          url,
          authorization: session.authorization,
          lease: personLease,
          firstSeq: i * 100_000,
          itemIds: session.itemIds,
          everyMs: PERSON_EVERY_MS,
          timeoutMs: TIMEOUT_MS,
        });
        await person.ready;
        let storm: StormResult;
        const overflowsBefore = listenOverflows();
        try {
          storm = await worker.run({
            ...common,
            firstDevice: 1000,
            devices: p.devices,
            operationsPerDevice: p.operationsPerDevice,
            seqOffset: i * p.operationsPerDevice,
            seed: 100 + i,
          });
        } catch (error) {
          await person.stop().catch(() => undefined);
          throw error;
        }
        const overflowsAfter = listenOverflows();
        const overflows =
          overflowsBefore === null || overflowsAfter === null
            ? null
            : overflowsAfter - overflowsBefore;
        rounds.push({ steady: s, storm, person: await person.stop(), overflows });
        confirmed += s.confirmed + storm.confirmed + rounds[rounds.length - 1]!.person.confirmed;
      }
      const after = journalCount(dbPath);
      const doubled = after.doubled - before.doubled;
      const effects = after.effects - before.effects;
      const ratios = rounds.map((r) => rate(r.storm) / rate(r.steady));
      const storms = rounds.map((r) => r.storm);
      const sum = (f: (r: StormResult) => number) => storms.reduce((n, r) => n + f(r), 0);
      const clientTimeouts = sum((r) => r.clientTimeouts);
      const expected = p.devices * p.operationsPerDevice;
      const everyDeviceDone = storms.every((r) => r.confirmed === expected);
      const latencies = rounds.flatMap((r) => r.person.latenciesMs);
      const value = median(ratios);
      const goodput = atLeast(value, 0.8, {
        stormOpsPerSec: Math.round(sum(rate) / storms.length),
        steadyOpsPerSec: Math.round(rounds.reduce((n, r) => n + rate(r.steady), 0) / rounds.length),
        devices: p.devices,
        operationsPerDevice: p.operationsPerDevice,
        deviceFinishP99Ms: Math.max(...storms.map((r) => r.deviceFinishP99Ms)),
        shed503: sum((r) => r.shed),
        clientTimeouts,
        doubled,
        effectsInJournal: effects,
        operationsConfirmed: confirmed,
        everyDeviceDone,
        rounds: rounds.map((r, i) => ({
          ratio: round(ratios[i]!),
          steadyOpsPerSec: Math.round(rate(r.steady)),
          listenOverflows: r.overflows,
          storm: stormSummary(r.storm),
        })),
      });
      goodput.pass =
        goodput.pass &&
        clientTimeouts === 0 &&
        doubled === 0 &&
        effects === confirmed &&
        everyDeviceDone;
      const interactive = atMost(percentile(latencies, 99), 250, {
        changes: latencies.length,
        p50Ms: round(percentile(latencies, 50), 1),
        maxMs: round(Math.max(...latencies), 1),
        shed503: rounds.reduce((n, r) => n + r.person.shed, 0),
        timeouts: rounds.reduce((n, r) => n + r.person.timeouts, 0),
        connectionErrors: rounds.reduce((n, r) => n + r.person.connectionErrors, 0),
        everyMs: PERSON_EVERY_MS,
        slowest: rounds.flatMap((r) =>
          r.person.slowest.map(({ at, ...change }) => ({
            sinceStormStartMs: at - r.storm.startedAt,
            ...change,
          })),
        ),
      });
      return { goodput, interactive };
    }, 'bench/load/storm-worker.ts');
  });
}

/** One storm serves both figures (a storm is too dear to run twice). */
export const stormFigures = figuresOfOneMeasurement(measure, [
  { name: 'storm_goodput', target: '≥ 0.8', pick: (m) => m.goodput },
  { name: 'storm_interactive_p99_ms', target: '≤ 250', pick: (m) => m.interactive },
]);
