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
  ready: Promise<void>;
  run(seconds: number): Promise<{ units: number; cpuSeconds: number }>;
  /** Starts a run without waiting for it (for two at once); `finish` ends it. */
  begin(): void;
  finish(): Promise<{ units: number; cpuSeconds: number }>;
  close(): void;
}

function startUnitProcess(): UnitProcess {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/load/cpu-unit.ts'],
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    child.once('exit', (code) => reject(new Error(`cpu-unit exited with ${code}`)));
  });
  const answers: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'ready') markReady();
    else answers.shift()?.(line);
  });
  const begin = () => child.stdin!.write('go\n');
  const finish = () =>
    new Promise<{ units: number; cpuSeconds: number }>((resolve) => {
      answers.push((line) => resolve(JSON.parse(line) as { units: number; cpuSeconds: number }));
      child.stdin!.write('stop\n');
    });
  return {
    ready,
    begin,
    finish,
    async run(seconds) {
      begin();
      await sleep(seconds * 1000);
      return finish();
    },
    close: () => child.stdin!.end(),
  };
}

export interface Contention {
  /** Units per CPU-second of one process alone. */
  alone: number;
  /** Units per CPU-second of each of two processes at once. */
  together: number[];
  /** CPU seconds per unit with two at once ÷ alone (1 = no contention). */
  factor: number;
}

export interface ContentionProbe {
  /** The unit alone, then two copies at once, `seconds` each. */
  measure(seconds?: number): Promise<Contention>;
  close(): void;
}

/** Two unit processes, started (and warmed up) once, measured as often as asked. */
export async function contentionProbe(): Promise<ContentionProbe> {
  const procs = [startUnitProcess(), startUnitProcess()] as const;
  try {
    await Promise.all(procs.map((p) => p.ready));
  } catch (error) {
    procs.forEach((p) => p.close());
    throw error;
  }
  const rate = (r: { units: number; cpuSeconds: number }) => r.units / r.cpuSeconds;
  return {
    async measure(seconds = 1) {
      const alone = rate(await procs[0].run(seconds));
      procs.forEach((p) => p.begin());
      await sleep(seconds * 1000);
      const together = (await Promise.all(procs.map((p) => p.finish()))).map(rate);
      const mean = together.reduce((s, u) => s + u, 0) / together.length;
      return { alone: Math.round(alone), together: together.map(Math.round), factor: alone / mean };
    },
    close: () => procs.forEach((p) => p.close()),
  };
}
