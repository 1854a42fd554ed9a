import { describe, expect, it } from 'vitest';
import { longestFirst } from './committed-timings';

describe('longestFirst', () => {
  const ms: Record<string, number> = { a: 5, b: 50, c: 20, x: 1, y: 9 };
  const group = (file: string) => (['x', 'y', 'z'].includes(file) ? 'second' : 'first');

  it('keeps the groups in their order and runs each group longest first, unknown files first', () => {
    expect(longestFirst(['a', 'new', 'b', 'c', 'x', 'z', 'y'], group, (f) => ms[f])).toEqual([
      'new',
      'b',
      'c',
      'a',
      'z',
      'y',
      'x',
    ]);
  });

  it('keeps the order it was given among files of the same duration', () => {
    expect(
      longestFirst(
        ['p', 'q', 'r'],
        () => 'one',
        () => 3,
      ),
    ).toEqual(['p', 'q', 'r']);
    expect(
      longestFirst(
        ['q', 'new', 'p', 'old'],
        () => 'one',
        () => undefined,
      ),
    ).toEqual(['q', 'new', 'p', 'old']);
  });
});
