/**
 * The machine's own contention: CPU seconds per fixed unit of JavaScript work (load/cpu-unit.ts)
 * when one process runs it alone ÷ when two copies run it at the same time. On 2 vCPUs of a VM two
 * busy processes slow each other down (shared caches, memory bandwidth, the host's cores), so each
 * spends more CPU time on the same work. A figure that compares one server process with two
 * (pg_cpu_two_vs_one) measures this beside its own ratio: the part of its ratio this factor
 * explains is the machine's, not the code's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from './server-process';

interface UnitProcess {
  child: ChildProcess;
  ready: Promise<void>;
  result: Promise<{ units: number; cpuSeconds: number }>;
}

function startUnitProcess(): UnitProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load/cpu-unit.ts'], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const result = new Promise<{ units: number; cpuSeconds: number }>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'ready') markReady();
      else resolve(JSON.parse(line) as { units: number; cpuSeconds: number });
    });
    child.once('exit', (code) => reject(new Error(`cpu-unit exited with ${code}`)));
  });
  return { child, ready, result };
}

/** Units per CPU-second of each of `n` processes running the unit together for `seconds`. */
async function unitsPerCpuSecond(n: number, seconds: number): Promise<number[]> {
  const procs = Array.from({ length: n }, startUnitProcess);
  try {
    await Promise.all(procs.map((p) => p.ready));
    procs.forEach((p) => p.child.stdin!.write('go\n'));
    await sleep(seconds * 1000);
    procs.forEach((p) => p.child.stdin!.write('stop\n'));
    const results = await Promise.all(procs.map((p) => p.result));
    return results.map((r) => r.units / r.cpuSeconds);
  } finally {
    procs.forEach((p) => p.child.kill());
  }
}

export interface Contention {
  /** Units per CPU-second of one process alone. */
  alone: number;
  /** Units per CPU-second of each of two processes at once. */
  together: number[];
  /** CPU seconds per unit with two at once ÷ alone (1 = no contention). */
  factor: number;
}

/** One calibration: the unit alone, then two copies at once, `seconds` each. */
export async function measureContention(seconds = 1): Promise<Contention> {
  const [alone] = await unitsPerCpuSecond(1, seconds);
  const together = await unitsPerCpuSecond(2, seconds);
  const mean = together.reduce((s, u) => s + u, 0) / together.length;
  return { alone: Math.round(alone!), together: together.map(Math.round), factor: alone! / mean };
}
