/**
 * A tiny Prometheus registry (text exposition format 0.0.4), no package: counters, gauges and
 * histograms with labels. A metric may instead be read at scrape time from a callback (queue depth,
 * export lag), so nothing has to push values that only matter when someone looks.
 * Format: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Readonly<Record<string, string>>;
/** Values read at scrape time: one number, or one per label set. */
export type Collect = () =>
  | number
  | readonly (readonly [Labels, number])[]
  | Promise<number | readonly (readonly [Labels, number])[]>;

type Kind = 'counter' | 'gauge' | 'histogram';

/**
 * How one family adds up across worker processes (metrics-merge.ts): `sum` for what each process
 * counts or holds itself; `max` for a value every process reads from the shared database (export
 * backlog), which summing would multiply.
 */
export type Merge = 'sum' | 'max';

/** One sample line: the full sample name (with `_bucket`, `_sum`… for histograms), labels, value. */
export type Sample = readonly [name: string, labels: Labels, value: number];

/** A family as collected at scrape time: plain data, so it can cross process boundaries (IPC). */
export interface FamilySnapshot {
  name: string;
  help: string;
  kind: Kind;
  merge: Merge;
  samples: Sample[];
}

interface Family {
  name: string;
  help: string;
  kind: Kind;
  merge: Merge;
  samples(): Promise<Sample[]>;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export const DEFAULT_BUCKETS_SECONDS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

export function formatNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return String(n);
}

export function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  for (const [k] of entries) if (!LABEL.test(k)) throw new Error(`bad label name "${k}"`);
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

/** Keys of label objects seen before: callers that reuse one object per series pay nothing. */
const keys = new WeakMap<Labels, string>();

/** One series per distinct label set, in first-seen order. */
export function seriesKey(labels: Labels): string {
  let key = keys.get(labels);
  if (key === undefined) {
    key = JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
    keys.set(labels, key);
  }
  return key;
}

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  inc(labels: Labels = {}, by = 1): void {
    if (by < 0 || !Number.isFinite(by)) throw new Error('a counter only goes up');
    const key = seriesKey(labels);
    const series = this.values.get(key) ?? { labels, value: 0 };
    series.value += by;
    this.values.set(key, series);
  }
  get(labels: Labels = {}): number {
    return this.values.get(seriesKey(labels))?.value ?? 0;
  }
  /** Shows these series at 0 from the start, so a rate over them works before the first event. */
  zero(labelSets: readonly Labels[]): this {
    for (const labels of labelSets) this.inc(labels, 0);
    return this;
  }
  samples(): [Labels, number][] {
    return [...this.values.values()].map((s) => [s.labels, s.value]);
  }
}

export class Gauge {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  set(value: number, labels: Labels = {}): void {
    this.values.set(seriesKey(labels), { labels, value });
  }
  samples(): [Labels, number][] {
    return [...this.values.values()].map((s) => [s.labels, s.value]);
  }
}

export class Histogram {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(readonly buckets: readonly number[]) {
    if (buckets.some((b, i) => i > 0 && b <= (buckets[i - 1] ?? -Infinity))) {
      throw new Error('histogram buckets must increase');
    }
  }
  observe(value: number, labels: Labels = {}): void {
    const key = seriesKey(labels);
    const s = this.series.get(key) ?? {
      labels,
      counts: this.buckets.map(() => 0),
      sum: 0,
      count: 0,
    };
    this.buckets.forEach((b, i) => {
      if (value <= b) s.counts[i] = (s.counts[i] ?? 0) + 1;
    });
    s.sum += value;
    s.count += 1;
    this.series.set(key, s);
  }
  samples(name: string): Sample[] {
    const out: Sample[] = [];
    for (const s of this.series.values()) {
      this.buckets.forEach((b, i) => {
        out.push([`${name}_bucket`, { ...s.labels, le: formatNumber(b) }, s.counts[i] ?? 0]);
      });
      out.push([`${name}_bucket`, { ...s.labels, le: '+Inf' }, s.count]);
      out.push([`${name}_sum`, s.labels, s.sum]);
      out.push([`${name}_count`, s.labels, s.count]);
    }
    return out;
  }
}

/** The text exposition of collected families, each with its HELP and TYPE. */
export function renderFamilies(families: readonly FamilySnapshot[]): string {
  const blocks = families.map((f) => {
    const help = f.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
    return [
      `# HELP ${f.name} ${help}`,
      `# TYPE ${f.name} ${f.kind}`,
      ...f.samples.map(([name, labels, v]) => `${name}${labelText(labels)} ${formatNumber(v)}`),
    ];
  });
  return `${blocks.flat().join('\n')}\n`;
}

export class MetricsRegistry {
  private readonly families: Family[] = [];

  counter(name: string, help: string, collect?: Collect): Counter {
    const counter = new Counter();
    this.add(name, help, 'counter', 'sum', collect ?? (() => counter.samples()));
    return counter;
  }

  gauge(name: string, help: string, collect?: Collect, merge: Merge = 'sum'): Gauge {
    const gauge = new Gauge();
    this.add(name, help, 'gauge', merge, collect ?? (() => gauge.samples()));
    return gauge;
  }

  histogram(
    name: string,
    help: string,
    buckets: readonly number[] = DEFAULT_BUCKETS_SECONDS,
  ): Histogram {
    const histogram = new Histogram(buckets);
    this.register({
      name,
      help,
      kind: 'histogram',
      merge: 'sum',
      samples: async () => histogram.samples(name),
    });
    return histogram;
  }

  /** Every family's current samples, as plain data. */
  async collect(): Promise<FamilySnapshot[]> {
    return Promise.all(
      this.families.map(async ({ name, help, kind, merge, samples }) => ({
        name,
        help,
        kind,
        merge,
        samples: await samples(),
      })),
    );
  }

  /** The whole exposition, every family with its HELP and TYPE. */
  async render(): Promise<string> {
    return renderFamilies(await this.collect());
  }

  private add(name: string, help: string, kind: Kind, merge: Merge, collect: Collect): void {
    this.register({
      name,
      help,
      kind,
      merge,
      samples: async () => {
        const value = await collect();
        const samples = typeof value === 'number' ? [[{}, value] as const] : value;
        return samples.map(([labels, v]): Sample => [name, labels, v]);
      },
    });
  }

  private register(family: Family): void {
    if (!NAME.test(family.name)) throw new Error(`bad metric name "${family.name}"`);
    if (this.families.some((f) => f.name === family.name)) {
      throw new Error(`metric "${family.name}" registered twice`);
    }
    this.families.push(family);
  }
}
