import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from './metrics';
import { mergeExpositions } from './metrics-merge';

async function processMetrics(applied: number, latency: number[], pending: number) {
  const registry = new MetricsRegistry();
  const ops = registry.counter('stockroom_operations_total', 'Operations.');
  if (applied > 0) ops.inc({ outcome: 'applied' }, applied);
  registry.gauge('stockroom_export_pending', 'Backlog.', () => pending);
  const histogram = registry.histogram('stockroom_x_seconds', 'Latency.', [0.1, 1]);
  latency.forEach((v) => histogram.observe(v));
  return registry.render();
}

describe('mergeExpositions', () => {
  it('sums counters and histograms, reports a shared gauge once, keeps families together', async () => {
    const merged = mergeExpositions([
      await processMetrics(0, [0.05], 7),
      await processMetrics(3, [0.5, 2], 7),
    ]);
    expect(merged).toBe(
      [
        '# HELP stockroom_operations_total Operations.',
        '# TYPE stockroom_operations_total counter',
        'stockroom_operations_total{outcome="applied"} 3',
        '# HELP stockroom_export_pending Backlog.',
        '# TYPE stockroom_export_pending gauge',
        'stockroom_export_pending 7',
        '# HELP stockroom_x_seconds Latency.',
        '# TYPE stockroom_x_seconds histogram',
        'stockroom_x_seconds_bucket{le="0.1"} 1',
        'stockroom_x_seconds_bucket{le="1"} 2',
        'stockroom_x_seconds_bucket{le="+Inf"} 3',
        'stockroom_x_seconds_sum 2.55',
        'stockroom_x_seconds_count 3',
        '',
      ].join('\n'),
    );
  });

  it('one process merges to itself', async () => {
    const text = await processMetrics(2, [0.2], 1);
    expect(mergeExpositions([text])).toBe(text);
  });
});
