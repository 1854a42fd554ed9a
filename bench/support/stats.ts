/** Small statistics for the figures: percentiles, and A/B rounds that share the machine's noise. */
import { performance } from 'node:perf_hooks';

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN for none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Work done and time taken; throughput is their quotient. */
export interface Rate {
  count: number;
  seconds: number;
}

export const perSecond = (r: Rate): number => r.count / r.seconds;

/** Times `count` units of work done by `work` (which reports how many it did). */
export async function timed(work: () => Promise<number> | number): Promise<Rate> {
  const started = performance.now();
  const count = await work();
  return { count, seconds: (performance.now() - started) / 1000 };
}

export interface AbRounds {
  /** Overall throughput of each side: total work ÷ total time over all its rounds. */
  a: number;
  b: number;
  /**
   * The figure: the median over rounds of (a ÷ b) within the round. Each round's pair shares the
   * same minutes of the machine, so a burst of someone else's load spoils one pair, not the figure.
   */
  ratio: number;
  /** Overall a ÷ b, for comparison. */
  totalRatio: number;
  rounds: { a: number; b: number; ratio: number }[];
}

/**
 * Measures two sides in alternating rounds (a, b, a, b, …) so both see the same machine, and
 * returns a ÷ b throughput.
 */
export async function alternate(
  rounds: number,
  a: (round: number) => Promise<Rate>,
  b: (round: number) => Promise<Rate>,
): Promise<AbRounds> {
  const pairs: { a: Rate; b: Rate }[] = [];
  for (let i = 0; i < rounds; i++) pairs.push({ a: await a(i), b: await b(i) });
  const total = (rates: Rate[]) =>
    perSecond({
      count: rates.reduce((s, r) => s + r.count, 0),
      seconds: rates.reduce((s, r) => s + r.seconds, 0),
    });
  const ta = total(pairs.map((p) => p.a));
  const tb = total(pairs.map((p) => p.b));
  const perRound = pairs.map((p) => ({ a: perSecond(p.a), b: perSecond(p.b) }));
  return {
    a: round2(ta),
    b: round2(tb),
    ratio: median(perRound.map((r) => r.a / r.b)),
    totalRatio: round2(ta / tb),
    rounds: perRound.map((r) => ({ a: round2(r.a), b: round2(r.b), ratio: round2(r.a / r.b) })),
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A deterministic random source (mulberry32), so a run's choices can be repeated. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
