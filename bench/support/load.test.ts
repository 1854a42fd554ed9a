import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../load/load-config';
import { loadRate } from './load';

const result = (ok: number, non2xx: number, errors = 0): LoadResult => ({
  rps: ok / 4,
  ok,
  non2xx,
  errors,
  timeouts: 0,
  seconds: 4,
  latencyP50Ms: 1,
  latencyP99Ms: 2,
  statusCodes: { '201': ok, ...(non2xx ? { '400': non2xx } : {}) },
  nextSeq: ok,
});

describe('loadRate', () => {
  it('counts only 2xx answers as throughput', () => {
    expect(loadRate(result(4000, 5), 'ops')).toEqual({ count: 4000, seconds: 4 });
  });

  it('refuses a run where more than 1% were not 2xx, naming the statuses', () => {
    expect(() => loadRate(result(1000, 50), 'ops')).toThrow(/ops: 50 of 1050 .*"400":50/);
    expect(() => loadRate(result(1000, 0, 20), 'ops')).toThrow(/20 of 1020/);
  });
});
