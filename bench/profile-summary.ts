/**
 * Summarizes V8 CPU profiles (`--cpu-prof`, e.g. from `npm run bench -- --profile`): the functions
 * and files with the most self time, and the project's own functions by inclusive time (what they
 * and everything they call synchronously cost). Idle time is excluded. Samples are wall-clock on
 * the main thread, so on a loaded machine every number is inflated alike: read the shares.
 *
 *   npx tsx bench/profile-summary.ts bench/.profiles/http_vs_health/*.cpuprofile [--top 25]
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './support/server-process';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  ms: number;
}

export interface Summary {
  busyMs: number;
  selfByFunction: Share[];
  selfByFile: Share[];
  /** Functions in the project's own files (src/, bench/): self plus synchronous callees. */
  inclusiveOwn: Share[];
}

const IDLE = new Set(['(idle)', '(program)', '(root)']);

function place(url: string): string {
  if (!url) return '(native)';
  const path = url.replace(/^file:\/\//, '');
  const inRepo = relative(REPO_ROOT, path);
  return inRepo.startsWith('..') ? path : inRepo;
}

/** Line numbers of transpiled TypeScript (tsx) do not match the source, so those files go without. */
function label(frame: ProfileNode['callFrame']): string {
  const file = place(frame.url);
  const name = frame.functionName || '(anonymous)';
  return file.endsWith('.ts') || file === '(native)'
    ? `${name} ${file}`
    : `${name} ${file}:${frame.lineNumber + 1}`;
}

const isOwn = (frame: ProfileNode['callFrame']) => /^(src|bench)\//.test(place(frame.url));

const sorted = (m: Map<string, number>): Share[] =>
  [...m].map(([name, us]) => ({ name, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);

export function summarize(profile: CpuProfile): Summary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );

  const selfByFunction = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || IDLE.has(frame.functionName)) continue;
    busyUs += us;
    selfByFunction.set(label(frame), (selfByFunction.get(label(frame)) ?? 0) + us);
    selfByFile.set(place(frame.url), (selfByFile.get(place(frame.url)) ?? 0) + us);
  }

  // Inclusive time: a subtree's samples count once per function even under recursion.
  const inclusive = new Map<string, number>();
  const subtree = (id: number, active: Set<string>): number => {
    const node = byId.get(id);
    if (!node) return 0;
    const key = isOwn(node.callFrame) ? label(node.callFrame) : null;
    const entered = key !== null && !active.has(key);
    if (entered) active.add(key);
    let us = self.get(id) ?? 0;
    for (const child of node.children ?? []) us += subtree(child, active);
    if (entered) {
      active.delete(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
    return us;
  };
  const childIds = new Set(profile.nodes.flatMap((n) => n.children ?? []));
  profile.nodes.filter((n) => !childIds.has(n.id)).forEach((root) => subtree(root.id, new Set()));

  return {
    busyMs: busyUs / 1000,
    selfByFunction: sorted(selfByFunction),
    selfByFile: sorted(selfByFile),
    inclusiveOwn: sorted(inclusive),
  };
}

function print(path: string, top: number): void {
  const s = summarize(JSON.parse(readFileSync(path, 'utf8')) as CpuProfile);
  const row = (x: Share) =>
    `${x.ms.toFixed(0).padStart(8)} ms ${((100 * x.ms) / s.busyMs).toFixed(1).padStart(5)}%  ${x.name}`;
  console.log(`\n${path}: ${s.busyMs.toFixed(0)} ms busy (idle excluded)`);
  console.log('-- self time by function');
  s.selfByFunction.slice(0, top).forEach((x) => console.log(row(x)));
  console.log('-- self time by file');
  s.selfByFile.slice(0, Math.ceil(top / 2)).forEach((x) => console.log(row(x)));
  console.log("-- inclusive time of the project's own functions");
  s.inclusiveOwn.slice(0, top).forEach((x) => console.log(row(x)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '25' } },
  });
  positionals.forEach((p) => print(p, Number(values.top)));
}
