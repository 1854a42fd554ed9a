/**
 * pg_cpu_two_vs_one: PostgreSQL, CPU seconds per 1,000 operations with two server processes
 * (`WORKERS=2`) ÷ with one, at the same offered load below saturation. Scaling without contention
 * is what 2 shared cores can show: the throughput figure (pg_two_vs_one) is bounded by the cores,
 * but if a second process makes each operation cost more CPU (lock waits, retries, cache misses,
 * extra connections), it shows here.
 *
 * CPU is read from /proc (utime + stime): the server's process tree (the cluster primary and its
 * workers) plus the Postgres backends serving it (found by `application_name` in
 * pg_stat_activity). It runs on the servers pg_two_vs_one has just warmed up and saturated
 * (pg-scaling.ts): both sides get 60% of the slower one's saturated throughput (autocannon's
 * overall rate, 32 connections), and the one process also half of that (what each process of the
 * pair gets: `oneAtHalfRate`). Rounds alternate; the value is the median per-round ratio of the
 * pair to the one process at the same rate. Details: every side's CPU per 1,000 operations split
 * into server and Postgres, lock waits (how often a backend of each side was seen waiting,
 * pg_stat_activity every 50 ms, by `wait_event_type:wait_event`), and after each round the
 * machine's own contention (support/cpu-contention.ts), so the part of the ratio that the 2
 * shared vCPUs explain is measured, not guessed.
 */
import { round, type FigureResult } from '../figure';
import {
  CONNECTIONS,
  type LoadPlan,
  operationsStream,
  signedInSession,
} from '../support/http-load-plan';
import { loadSummary, type LoadWorker } from '../support/load';
import { contentionProbe, type Contention } from '../support/cpu-contention';
import { CpuMeter, processTree } from '../support/proc-cpu';
import type { ServerProcess } from '../support/server-process';
import { median } from '../support/stats';
import pg from 'pg';

const WAIT_SAMPLE_MS = 50;
/** Share of the slower side's saturated throughput offered to both sides. */
const LOAD_SHARE = 0.6;

interface Side {
  name: string;
  appName: string;
  server: ServerProcess;
  run: (seconds?: number) => ReturnType<ReturnType<typeof operationsStream>>;
  rounds: {
    cpuPer1000: number;
    serverPer1000: number;
    postgresPer1000: number;
    topProcessPer1000: number;
    rps: number;
    backendsStarted: number;
    serverWakeupsPer1000: number;
    postgresWakeupsPer1000: number;
    preemptionsPer1000: number;
  }[];
  waits: Map<string, number>;
  samples: number;
  runs: Record<string, unknown>[];
}

/** Backends of one application name, and what the active ones wait for. */
function activity(client: pg.Client, appName: string) {
  return {
    async pids(): Promise<number[]> {
      const r = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
        [appName],
      );
      return r.rows.map((row) => row.pid);
    },
    /** A heavyweight lock wait is named with the statement that waits (which rows). */
    async waits(): Promise<string[]> {
      const r = await client.query<{ w: string }>(
        `SELECT wait_event_type || ':' || wait_event || CASE WHEN wait_event_type <> 'Lock' THEN ''
           WHEN query LIKE '%FOR UPDATE) i ON TRUE%' THEN ' (claim and read: an items row)'
           WHEN query LIKE '%export_outbox%' THEN ' (export outbox)'
           ELSE ' (' || left(query, 40) || ')' END AS w
         FROM pg_stat_activity
         WHERE application_name = $1 AND state = 'active' AND wait_event_type IS NOT NULL`,
        [appName],
      );
      return r.rows.map((row) => row.w);
    },
  };
}

async function measure(side: Side, client: pg.Client, rate: number) {
  const backends = activity(client, side.appName);
  const serverMeter = new CpuMeter(async () => processTree(side.server.pid));
  // The spawned process alone: with WORKERS=2 that is node:cluster's primary, which only hands
  // connections to the workers; with one process it is the server itself.
  const topMeter = new CpuMeter(async () => [side.server.pid]);
  const postgresMeter = new CpuMeter(() => backends.pids());
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const waits = await backends.waits();
      side.samples++;
      for (const w of waits) side.waits.set(w, (side.waits.get(w) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, WAIT_SAMPLE_MS));
    }
  })();
  await Promise.all([serverMeter.start(), postgresMeter.start(), topMeter.start()]);
  const result = await side.run();
  const [serverCpu, postgresCpu, topCpu] = await Promise.all([
    serverMeter.stop(),
    postgresMeter.stop(),
    topMeter.stop(),
  ]);
  sampling = false;
  await sampler;
  side.runs.push({ label: side.name, offered: Math.round(rate), ...loadSummary(result) });
  if (result.ok === 0) throw new Error(`${side.name}: no operation answered`);
  const per1000 = (cpu: number) => (cpu / result.ok) * 1000;
  const round_ = {
    cpuPer1000: per1000(serverCpu + postgresCpu),
    serverPer1000: per1000(serverCpu),
    postgresPer1000: per1000(postgresCpu),
    topProcessPer1000: per1000(topCpu),
    rps: result.rps,
    backendsStarted: postgresMeter.started,
    serverWakeupsPer1000: per1000(serverMeter.switches().voluntary),
    postgresWakeupsPer1000: per1000(postgresMeter.switches().voluntary),
    preemptionsPer1000: per1000(
      serverMeter.switches().involuntary + postgresMeter.switches().involuntary,
    ),
  };
  side.rounds.push(round_);
  return round_;
}

const IDLE_SECONDS = 1;

const noWarmup = (plan: LoadPlan): LoadPlan => ({ ...plan, warmupSeconds: 0 });

/** CPU seconds per second of the side's processes and backends while nothing is sent. */
async function idleCpu(side: Side, client: pg.Client): Promise<number> {
  const backends = activity(client, side.appName);
  const meter = new CpuMeter(async () => [
    ...processTree(side.server.pid),
    ...(await backends.pids()),
  ]);
  await meter.start();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  return round((await meter.stop()) / IDLE_SECONDS);
}

const summary = (side: Side) => {
  const samples = Math.max(1, side.samples);
  const mean = (k: keyof Side['rounds'][number]) =>
    round(side.rounds.reduce((s, r) => s + r[k], 0) / side.rounds.length);
  const waits = Object.fromEntries(
    [...side.waits].sort((a, b) => b[1] - a[1]).map(([w, n]) => [w, round(n / samples)]),
  );
  const lockWaits = [...side.waits]
    .filter(([w]) => w.startsWith('Lock:'))
    .reduce((s, [, n]) => s + n, 0);
  return {
    cpuSecondsPer1000: mean('cpuPer1000'),
    serverCpuSecondsPer1000: mean('serverPer1000'),
    postgresCpuSecondsPer1000: mean('postgresPer1000'),
    /** The spawned process alone (the cluster primary with WORKERS=2). */
    topProcessCpuSecondsPer1000: mean('topProcessPer1000'),
    answeredPerSec: mean('rps'),
    /** Postgres backends that started during a round (new pool connections), per round. */
    backendsStartedPerRound: mean('backendsStarted'),
    /**
     * Main threads' voluntary context switches per 1,000 operations: how often the server's
     * event loops and the backends slept and were woken. Fewer operations per process per second
     * means fewer operations handled per wake-up, and each wake-up costs CPU of its own.
     */
    serverWakeupsPer1000: mean('serverWakeupsPer1000'),
    postgresWakeupsPer1000: mean('postgresWakeupsPer1000'),
    /** Involuntary switches (the scheduler took the CPU away) per 1,000 operations. */
    preemptionsPer1000: mean('preemptionsPer1000'),
    /** Backends seen waiting on a heavyweight lock, per pg_stat_activity sample. */
    lockWaitsPerSample: round(lockWaits / samples),
    /** Every wait seen, per sample: `type:event` → mean number of backends waiting. */
    waitsPerSample: waits,
    samples: side.samples,
  };
};

/**
 * The CPU figure, on servers already warmed up, at 60% of the slower side's saturated throughput
 * (`saturated`, measured by pg_two_vs_one on the same servers just before).
 */
export async function cpuTwoVsOne(
  worker: LoadWorker,
  client: pg.Client,
  /** `prefix`: the schemas' prefix, which names the servers' connections (support/pg-servers.ts). */
  { single, pair, prefix }: { single: ServerProcess; pair: ServerProcess; prefix: string },
  plan: LoadPlan,
  saturated: { one: number; two: number },
): Promise<FigureResult> {
  // Below saturation on both sides: on a loaded machine the pair can be the slower one.
  const rate = Math.max(20, Math.min(saturated.one, saturated.two) * LOAD_SHARE);
  const side = async (
    name: 'one' | 'two' | 'one at half rate',
    s: ServerProcess,
    offered = rate,
  ): Promise<Side> => {
    const session = await signedInSession(s.url);
    const run = operationsStream(worker, [s.url], noWarmup(plan), session, offered);
    return {
      name,
      appName: `${prefix}_${name === 'two' ? 'two' : 'one'}`,
      server: s,
      run: () => run(plan.seconds),
      rounds: [],
      waits: new Map(),
      samples: 0,
      runs: [],
    };
  };
  const a = await side('two', pair);
  const b = await side('one', single);
  // The one process at half the rate: what each of the pair's processes is offered. Its CPU per
  // operation beside the pair's says how much of the ratio is each process doing half the work
  // (fewer operations per wake-up, per round trip batch) rather than two processes at once.
  const half = await side('one at half rate', single, rate / 2);
  // What each side spends with no load at all (timers, pools, the export worker's
  // polls): a fixed cost per second that the offered load spreads over its operations.
  const idle = { two: await idleCpu(a, client), one: await idleCpu(b, client) };
  const ratios: number[] = [];
  const halfRatios: number[] = [];
  const machine: Contention[] = [];
  const probe = await contentionProbe();
  try {
    for (let i = 0; i < plan.rounds; i++) {
      const ra = await measure(a, client, rate);
      const rb = await measure(b, client, rate);
      ratios.push(ra.cpuPer1000 / rb.cpuPer1000);
      halfRatios.push(ra.cpuPer1000 / (await measure(half, client, rate / 2)).cpuPer1000);
      machine.push(await probe.measure());
    }
  } finally {
    probe.close();
  }
  const value = median(ratios);
  const factor = median(machine.map((m) => m.factor));
  // Reported, not judged: on 2 shared vCPUs two server processes, their backends and the load
  // generator contend for the cores, so the ratio measures the machine more than the code.
  return {
    value: round(value),
    pass: true,
    details: {
      offeredPerSec: Math.round(rate),
      saturatedPerSec: { two: Math.round(saturated.two), one: Math.round(saturated.one) },
      idleCpuSecondsPerSec: idle,
      connections: CONNECTIONS,
      two: summary(a),
      one: summary(b),
      oneAtHalfRate: summary(half),
      roundRatios: ratios.map((r) => round(r)),
      /** The pair's CPU per operation ÷ one process's at half the rate, per round. */
      twoOverOneAtHalfRate: halfRatios.map((r) => round(r)),
      /**
       * The machine's own contention (support/cpu-contention.ts), once per round: CPU per
       * unit of fixed JS work with two processes at once ÷ one alone. `ratioOverMachine`
       * is the value with that factor taken out: what the code adds beyond it.
       */
      machineFactor: round(factor),
      machineRounds: machine.map((m) => ({ ...m, factor: round(m.factor) })),
      ratioOverMachine: round(value / factor),
      runs: [...a.runs, ...b.runs, ...half.runs],
    },
  };
}
