import { describe, expect, it } from 'vitest';
import { AddressTally, ClusterAddressTally } from './address-tally';

describe('AddressTally', () => {
  it('counts up to the cap per address, and a closed connection frees a place', () => {
    const tally = new AddressTally(2);
    expect([tally.take('a'), tally.take('a'), tally.take('a')]).toEqual([true, true, false]);
    expect(tally.take('b')).toBe(true);
    tally.give('a');
    expect(tally.take('a')).toBe(true);
    tally.give('b');
    expect(tally.entries()).toEqual([['a', 2]]);
  });
});

describe('ClusterAddressTally', () => {
  it('holds one cap over every worker, and a worker that exits gives back what it held', () => {
    const tally = new ClusterAddressTally(3);
    expect([tally.take(1, 'a'), tally.take(2, 'a'), tally.take(1, 'a')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(tally.take(2, 'a')).toBe(false);
    tally.forget(1);
    expect(tally.count('a')).toBe(1);
    expect([tally.take(2, 'a'), tally.take(3, 'a'), tally.take(3, 'a')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('ignores a close a worker never had counted', () => {
    const tally = new ClusterAddressTally(1);
    expect(tally.take(1, 'a')).toBe(true);
    tally.give(2, 'a');
    expect(tally.take(2, 'a')).toBe(false);
  });
});
