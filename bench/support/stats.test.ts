import { describe, expect, it } from 'vitest';
import { alternate, median, percentile, seededRandom } from './stats';

describe('percentile', () => {
  it('takes the nearest rank of unsorted samples', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 90)).toBe(9);
    expect(percentile(samples, 99)).toBe(10);
    expect(percentile(samples, 0)).toBe(1);
  });

  it('is NaN without samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('median', () => {
  it('averages the middle pair of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([3, 1, 2])).toBe(2);
  });
});

describe('alternate', () => {
  it('runs a, b, a, b and takes the median of the per-round ratios', async () => {
    const order: string[] = [];
    const aRates = [100, 300, 200];
    const bRates = [100, 100, 100];
    const result = await alternate(
      3,
      async (i) => {
        order.push(`a${i}`);
        return { count: aRates[i]!, seconds: 1 };
      },
      async (i) => {
        order.push(`b${i}`);
        return { count: bRates[i]!, seconds: 1 };
      },
    );
    expect(order).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
    expect(result.ratio).toBe(2);
    expect(result.totalRatio).toBe(2);
    expect(result.a).toBe(200);
    expect(result.b).toBe(100);
  });

  it('keeps one disturbed round from deciding the figure', async () => {
    const a = [100, 100, 100, 10];
    const result = await alternate(
      4,
      async (i) => ({ count: a[i]!, seconds: 1 }),
      async () => ({ count: 100, seconds: 1 }),
    );
    expect(result.ratio).toBe(1);
    expect(result.totalRatio).toBeCloseTo(0.78, 2);
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBe(100);
  });
});
