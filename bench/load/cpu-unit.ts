/**
 * A fixed unit of CPU-bound JavaScript work in a process of its own, for the machine's contention
 * calibration (support/cpu-contention.ts). `node --import tsx bench/load/cpu-unit.ts`: warms up and
 * prints `ready`; then each `go` line on stdin starts a run, and the next line stops it and prints
 * one JSON line `{ units, cpuSeconds }` (its own user + system CPU while running). It ends when
 * stdin closes.
 *
 * The unit is what a request handler does to a large heap: look up rows at random in a Map of
 * 300,000 entries (tens of MB, far more than a core's caches, as a server's heap and code are),
 * build small objects, serialise and parse JSON. It is the same work every time, so CPU seconds
 * per unit change only when the machine runs it slower: another busy process on the other vCPU
 * sharing caches, memory bandwidth or, on a VM, the host's core. (A unit that fits in a core's
 * caches showed no contention here while this one showed 1.1–1.35×, 2026-12-01 under load.)
 */
import { createInterface } from 'node:readline';

const ENTRIES = 300_000;
const ROWS = 200;

const table = new Map<string, { n: number; name: string; pair: number[] }>();
for (let i = 0; i < ENTRIES; i++) table.set(`k${i}`, { n: i, name: `v${i}`, pair: [i, i + 1] });

let seed = 1;
/** A fixed pseudo-random sequence, so every run does the same work. */
const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % ENTRIES;

function unit(): number {
  let sum = 0;
  const rows = [];
  for (let i = 0; i < ROWS; i++) {
    const row = table.get(`k${next()}`)!;
    sum += row.pair[1]!;
    rows.push({ id: row.name, quantity: row.n });
  }
  const parsed = JSON.parse(JSON.stringify(rows)) as unknown[];
  return parsed.length + sum;
}

/** Units between looks at stdin: a few milliseconds of work. */
const CHUNK = 20;

let running = false;
let units = 0;
let sink = 0;
let started = process.cpuUsage();

createInterface({ input: process.stdin }).on('line', () => {
  if (!running) {
    running = true;
    units = 0;
    started = process.cpuUsage();
    setImmediate(run);
    return;
  }
  running = false;
  const used = process.cpuUsage(started);
  const cpuSeconds = (used.user + used.system) / 1e6;
  process.stdout.write(`${JSON.stringify({ units, cpuSeconds, sink: sink % 2 })}\n`);
});

function run(): void {
  if (!running) return;
  for (let i = 0; i < CHUNK; i++, units++) sink += unit();
  setImmediate(run);
}

// Warm-up: enough units for V8 to optimise `unit`, before anyone measures.
for (let i = 0; i < 2000; i++) sink += unit();
process.stdout.write('ready\n');
