import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from './metrics';

/** Every sample line of the text format: name, optional labels, a number. */
const SAMPLE =
  /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? (-?[0-9.e+-]+|\+Inf|-Inf|NaN)$/;

describe('Prometheus registry', () => {
  it('renders counters with HELP, TYPE and one line per label set', async () => {
    const r = new MetricsRegistry();
    const c = r.counter('things_total', 'Things.\nTwo lines \\ here');
    c.inc({ outcome: 'applied' });
    c.inc({ outcome: 'applied' }, 2);
    c.inc({ outcome: 'say "hi"\n' });
    expect(c.get({ outcome: 'applied' })).toBe(3);
    expect(await r.render()).toBe(
      [
        '# HELP things_total Things.\\nTwo lines \\\\ here',
        '# TYPE things_total counter',
        'things_total{outcome="applied"} 3',
        'things_total{outcome="say \\"hi\\"\\n"} 1',
        '',
      ].join('\n'),
    );
  });

  it('renders cumulative histogram buckets, +Inf, sum and count', async () => {
    const r = new MetricsRegistry();
    const h = r.histogram('latency_seconds', 'Latency.', [0.1, 1]);
    [0.05, 0.1, 0.5, 3].forEach((v) => h.observe(v));
    const text = await r.render();
    expect(text).toContain('latency_seconds_bucket{le="0.1"} 2\n');
    expect(text).toContain('latency_seconds_bucket{le="1"} 3\n');
    expect(text).toContain('latency_seconds_bucket{le="+Inf"} 4\n');
    expect(text).toContain('latency_seconds_sum 3.65\n');
    expect(text).toContain('latency_seconds_count 4\n');
  });

  it('reads gauges and counters from callbacks at scrape time, also async', async () => {
    const r = new MetricsRegistry();
    let depth = 3;
    r.gauge('queue_depth', 'Queued.', () => depth);
    r.gauge('lag_seconds', 'Lag.', async () => [[{ sink: 'file' }, 1.5]]);
    r.counter('shed_total', 'Shed.', () => 7);
    depth = 4;
    const text = await r.render();
    expect(text).toContain('queue_depth 4\n');
    expect(text).toContain('lag_seconds{sink="file"} 1.5\n');
    expect(text).toContain('# TYPE shed_total counter\nshed_total 7\n');
    for (const line of text.trimEnd().split('\n')) {
      if (!line.startsWith('#')) expect(line).toMatch(SAMPLE);
    }
  });

  it('refuses what Prometheus would reject', () => {
    const r = new MetricsRegistry();
    expect(() => r.counter('bad-name', 'x')).toThrow();
    r.counter('ok_total', 'x');
    expect(() => r.gauge('ok_total', 'x')).toThrow(/twice/);
    expect(() => r.counter('c_total', 'x').inc({}, -1)).toThrow();
    expect(() => r.histogram('h', 'x', [1, 1])).toThrow();
  });
});
