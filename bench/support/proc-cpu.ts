/**
 * CPU time of processes from Linux's /proc (`utime + stime` of /proc/<pid>/stat, in clock ticks),
 * for figures that compare the work done per operation rather than throughput: a server process
 * tree (node:cluster's primary and its workers) and the Postgres backends serving its connections.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second (`getconf CLK_TCK`; 100 on every Linux this runs on). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  ppid: number;
  cpuSeconds: number;
}

/** CPU seconds a process has spent so far; null once it is gone (or where /proc is not Linux's). */
export function cpuSecondsOf(pid: number): number | null {
  return stat(pid)?.cpuSeconds ?? null;
}

/** `/proc/<pid>/<file>`, or null once the process is gone. */
function procFile(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/** `null` once the process is gone. The command name may hold spaces: fields count from its `)`. */
function stat(pid: number): Stat | null {
  const text = procFile(pid, 'stat');
  if (text === null) return null;
  // After "pid (comm) ": state is field 3, ppid 4, utime 14, stime 15.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { ppid: Number(fields[1]), cpuSeconds: ticks / TICKS };
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (!s) continue;
    const list = children.get(s.ppid) ?? [];
    list.push(Number(name));
    children.set(s.ppid, list);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Context switches of a process's main thread (/proc/<pid>/status); null once it is gone. */
function switches(pid: number): Switches | null {
  const text = procFile(pid, 'status');
  if (text === null) return null;
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    voluntary: field('voluntary_ctxt_switches'),
    involuntary: field('nonvoluntary_ctxt_switches'),
  };
}

/**
 * A main thread's context switches. Voluntary: it went to sleep and was woken (an event loop
 * waiting for input, a Postgres backend waiting for its client or a lock), so per operation they
 * count how many wake-ups the work took. Involuntary: the scheduler took the CPU away.
 */
export interface Switches {
  voluntary: number;
  involuntary: number;
}

interface Sample {
  cpuSeconds: number;
  voluntary: number;
  involuntary: number;
}

/**
 * CPU seconds (and main-thread context switches) spent by a changing set of processes between
 * `start()` and `stop()`: `sample` is called every `everyMs` in between, so processes that appear
 * during the run are counted from their start, and processes that end keep what they spent until
 * their last sample.
 */
export class CpuMeter {
  private readonly first = new Map<number, Sample>();
  private readonly last = new Map<number, Sample>();
  private timer: NodeJS.Timeout | undefined;
  /** Processes first seen after `start()` (e.g. Postgres backends of new connections). */
  started = 0;

  constructor(
    private readonly pids: () => Promise<number[]>,
    private readonly everyMs = 200,
  ) {}

  async start(): Promise<void> {
    await this.sample(true);
    this.timer = setInterval(() => void this.sample(false).catch(() => undefined), this.everyMs);
  }

  /** CPU seconds of the processes over the run. */
  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.sample(false);
    return this.total('cpuSeconds');
  }

  /** Context switches over the run (after `stop()`). */
  switches(): Switches {
    return { voluntary: this.total('voluntary'), involuntary: this.total('involuntary') };
  }

  private total(key: keyof Sample): number {
    let total = 0;
    for (const [pid, last] of this.last) total += last[key] - (this.first.get(pid)?.[key] ?? 0);
    return total;
  }

  private async sample(initial: boolean): Promise<void> {
    for (const pid of await this.pids()) {
      const s = stat(pid);
      const w = switches(pid);
      if (!s || !w) continue;
      const now = { cpuSeconds: s.cpuSeconds, ...w };
      // A process first seen after the start began during the run: all its time counts.
      if (!this.first.has(pid)) {
        this.first.set(pid, initial ? now : { cpuSeconds: 0, voluntary: 0, involuntary: 0 });
        if (!initial) this.started++;
      }
      this.last.set(pid, now);
    }
  }
}
