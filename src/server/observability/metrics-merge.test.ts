import { describe, expect, it } from 'vitest';
import { MetricsRegistry, renderFamilies } from './metrics';
import { mergeFamilies } from './metrics-merge';

/** A worker's registry: its own counts, plus a backlog it reads from the shared database. */
function worker(applied: number, latencies: number[], backlog: number) {
  const r = new MetricsRegistry();
  r.counter('ops_total', 'Ops.')
    .zero([{ outcome: 'applied' }, { outcome: 'review' }])
    .inc({ outcome: 'applied' }, applied);
  const h = r.histogram('latency_seconds', 'Latency.', [0.1, 1]);
  latencies.forEach((v) => h.observe(v));
  r.gauge('in_flight', 'In flight.', () => 1);
  r.gauge('export_pending', 'Backlog.', () => backlog, 'max');
  return r;
}

describe('mergeFamilies', () => {
  it('sums counters, histograms and per-process gauges; takes a shared reading once', async () => {
    const merged = mergeFamilies([
      await worker(3, [0.05, 2], 7).collect(),
      await worker(4, [0.5], 9).collect(),
    ]);
    const text = renderFamilies(merged);
    expect(text).toContain('ops_total{outcome="applied"} 7\n');
    expect(text).toContain('ops_total{outcome="review"} 0\n');
    expect(text).toContain('latency_seconds_bucket{le="0.1"} 1\n');
    expect(text).toContain('latency_seconds_bucket{le="1"} 2\n');
    expect(text).toContain('latency_seconds_bucket{le="+Inf"} 3\n');
    expect(text).toContain('latency_seconds_sum 2.55\n');
    expect(text).toContain('latency_seconds_count 3\n');
    expect(text).toContain('in_flight 2\n');
    expect(text).toContain('export_pending 9\n');
    // One HELP/TYPE per family, families in registration order.
    expect(text.match(/# TYPE /g)).toHaveLength(4);
    expect(merged.map((f) => f.name)).toEqual([
      'ops_total',
      'latency_seconds',
      'in_flight',
      'export_pending',
    ]);
  });

  it('keeps a series only one process has seen, and is the identity for one process', async () => {
    const a = new MetricsRegistry();
    a.counter('refusals_total', 'R.').inc({ code: 'key-reused' });
    const b = new MetricsRegistry();
    b.counter('refusals_total', 'R.').inc({ code: 'operation-expired' }, 2);
    const text = renderFamilies(mergeFamilies([await a.collect(), await b.collect()]));
    expect(text).toContain('refusals_total{code="key-reused"} 1\n');
    expect(text).toContain('refusals_total{code="operation-expired"} 2\n');
    expect(renderFamilies(mergeFamilies([await a.collect()]))).toBe(await a.render());
  });
});
