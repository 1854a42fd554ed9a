/**
 * One benchmark figure (docs/performance.md#benchmarks). Every target is a ratio of two things
 * measured in the same run on the same machine, because these machines are shared and noisy.
 * Add a figure by dropping a module in `bench/figures/` and one line in `bench/registry.ts`.
 */
export interface FigureOptions {
  /** `--quick`: smaller counts, the whole run under 3 minutes. */
  quick: boolean;
  /** A directory of the figure's own on the project's disk (fsync is real there), removed after the run. */
  workDir: string;
  /** `--profile`: spawned servers write V8 CPU profiles (`.cpuprofile`) here. */
  profileDir?: string;
}

export interface FigureResult {
  value: number;
  pass: boolean;
  details: Record<string, unknown>;
}

export interface Figure {
  name: string;
  /** Human-readable, as in docs/performance.md#benchmarks: `≥ 0.7`, `≤ 0.8`, `report`. */
  target: string;
  run(options: FigureOptions): Promise<FigureResult>;
}

/** Rounds a figure for the report: 3 significant decimals are plenty for a noisy ratio. */
export const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

/** A throughput-style figure whose value must be at least `min`. */
export function atLeast(
  value: number,
  min: number,
  details: Record<string, unknown>,
): FigureResult {
  return { value: round(value), pass: Number.isFinite(value) && value >= min, details };
}

/** A latency-style figure whose value must be at most `max`. */
export function atMost(value: number, max: number, details: Record<string, unknown>): FigureResult {
  return { value: round(value), pass: Number.isFinite(value) && value <= max, details };
}

/** One part of a measurement that serves several figures. */
export interface FigurePart<M> {
  name: string;
  target: string;
  pick: (measured: M) => FigureResult;
}

/**
 * Figures that one measurement serves, because it is too dear to run twice (the storm, the
 * PostgreSQL deployments): the first of them to run starts it, the others read its result.
 */
export function figuresOfOneMeasurement<M>(
  measure: (options: FigureOptions) => Promise<M>,
  parts: readonly FigurePart<M>[],
): readonly Figure[] {
  let shared: { quick: boolean; result: Promise<M> } | null = null;
  const measured = (options: FigureOptions): Promise<M> => {
    if (!shared || shared.quick !== options.quick) {
      shared = { quick: options.quick, result: measure(options) };
    }
    return shared.result;
  };
  return parts.map(({ name, target, pick }) => ({
    name,
    target,
    run: async (options) => pick(await measured(options)),
  }));
}
