/**
 * A fixed unit of CPU-bound JavaScript work in a process of its own, for the machine's contention
 * calibration (support/cpu-contention.ts). `node --import tsx bench/load/cpu-unit.ts`: warms up and
 * prints `ready`; then each `go` line on stdin starts a run, and the next line stops it and prints
 * one JSON line `{ units, cpuSeconds }` (its own user + system CPU while running). It ends when
 * stdin closes.
 *
 * The unit is what a request handler does: build small objects, serialise and parse JSON, look
 * things up in a Map. It is the same work every time, so CPU seconds per unit change only when
 * the machine runs it slower (another process on the other vCPU sharing caches, memory bandwidth
 * or, on a VM, the host core).
 */
import { createInterface } from 'node:readline';

const ROWS = 200;

function unit(seed: number): number {
  const rows = [];
  const index = new Map<string, number>();
  for (let i = 0; i < ROWS; i++) {
    const id = `item-${seed}-${i}`;
    rows.push({ id, quantity: (seed * 31 + i) % 97, name: `Item ${i}`, tags: ['a', 'b'] });
    index.set(id, i);
  }
  const parsed = JSON.parse(JSON.stringify(rows)) as { id: string; quantity: number }[];
  let sum = 0;
  for (const row of parsed) sum += row.quantity + (index.get(row.id) ?? 0);
  return sum;
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
  for (let i = 0; i < CHUNK; i++) sink += unit(units++);
  setImmediate(run);
}

// Warm-up: enough units for V8 to optimise `unit`, before anyone measures.
for (let i = 0; i < 2000; i++) sink += unit(i);
process.stdout.write('ready\n');
