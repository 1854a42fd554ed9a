import { describe, expect, it } from 'vitest';
import { ChunkSizer } from './chunk-size';

const policy = { small: 10, large: 100, quietMs: 1_000 };

describe('ChunkSizer', () => {
  it('doubles up to the large size while nobody changes anything', () => {
    const sizer = new ChunkSizer(policy, 0);
    expect([0, 1, 2, 3, 4, 5].map((t) => sizer.next(0, t))).toEqual([10, 20, 40, 80, 100, 100]);
  });

  it('stays small for quietMs after a person’s change, then grows again', () => {
    const sizer = new ChunkSizer(policy, 0);
    sizer.next(0, 0);
    sizer.next(0, 1);
    expect(sizer.next(1, 2)).toBe(10);
    expect(sizer.next(1, 500)).toBe(10);
    expect(sizer.next(1, 1_001)).toBe(10);
    // Quiet for quietMs: small once more, then doubling again.
    expect([sizer.next(1, 1_002), sizer.next(1, 1_003)]).toEqual([10, 20]);
    expect(sizer.next(2, 1_004)).toBe(10);
  });

  it('writes made before the sizer was created do not count as a person working', () => {
    const sizer = new ChunkSizer(policy, 7);
    expect([sizer.next(7, 0), sizer.next(7, 0)]).toEqual([10, 20]);
  });

  it('tells the next size without counting a chunk (a read between two chunks)', () => {
    const sizer = new ChunkSizer(policy, 0);
    expect([sizer.current(0, 0), sizer.current(0, 1), sizer.next(0, 2)]).toEqual([10, 10, 10]);
    expect([sizer.current(0, 3), sizer.next(0, 4), sizer.current(0, 5)]).toEqual([20, 20, 40]);
    // A person's change: small at once.
    expect(sizer.current(1, 6)).toBe(10);
  });

  it('never takes fewer than one operation', () => {
    const sizer = new ChunkSizer({ small: 0, large: 0, quietMs: 0 }, 0);
    expect(sizer.next(0, 0)).toBe(1);
  });
});
