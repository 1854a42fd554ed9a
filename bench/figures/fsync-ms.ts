/**
 * The machine's fsync latency, recorded beside the figures: every durable commit pays at least one,
 * so it explains the absolute numbers (the targets themselves are ratios).
 */
import { closeSync, fsyncSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { round, type Figure } from '../figure';
import { percentile } from '../support/stats';

export const fsyncMs: Figure = {
  name: 'fsync_ms',
  target: 'report',
  async run({ workDir, quick }) {
    const count = quick ? 100 : 200;
    const path = join(workDir, 'fsync-probe');
    const fd = openSync(path, 'w');
    const samples: number[] = [];
    try {
      const block = Buffer.alloc(128, 'x');
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        writeSync(fd, block);
        fsyncSync(fd);
        samples.push(performance.now() - started);
      }
    } finally {
      closeSync(fd);
      unlinkSync(path);
    }
    return {
      value: round(percentile(samples, 50)),
      pass: true,
      details: {
        unit: 'ms (p50 of write+fsync of 128 bytes)',
        count,
        p99: round(percentile(samples, 99)),
        max: round(Math.max(...samples)),
        dir: workDir,
      },
    };
  },
};
