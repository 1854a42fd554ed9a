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

/** `null` once the process is gone. The command name may hold spaces: fields count from its `)`. */
function stat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
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

/**
 * CPU seconds spent by a changing set of processes between `start()` and `stop()`: `sample` is
 * called every `everyMs` in between, so processes that appear during the run are counted from
 * their start, and processes that end keep what they spent until their last sample.
 */
export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pids: () => Promise<number[]>,
    private readonly everyMs = 200,
  ) {}

  async start(): Promise<void> {
    await this.sample(true);
    this.timer = setInterval(() => void this.sample(false).catch(() => undefined), this.everyMs);
  }

  /** CPU seconds per process group over the run. */
  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.sample(false);
    let total = 0;
    for (const [pid, last] of this.last) total += last - (this.first.get(pid) ?? 0);
    return total;
  }

  private async sample(initial: boolean): Promise<void> {
    for (const pid of await this.pids()) {
      const s = stat(pid);
      if (!s) continue;
      // A process first seen after the start began during the run: all its time counts.
      if (!this.first.has(pid)) this.first.set(pid, initial ? s.cpuSeconds : 0);
      this.last.set(pid, s.cpuSeconds);
    }
  }
}
