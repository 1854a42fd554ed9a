import { describe, expect, it } from 'vitest';
import { reasonFor } from './last-reason';

describe('the reason a one-tap change uses', () => {
  it('sold to remove and received to add, until another is used', () => {
    expect(reasonFor('remove', null)).toBe('sold');
    expect(reasonFor('add', null)).toBe('received');
    expect(reasonFor('remove', 'damaged')).toBe('damaged');
    expect(reasonFor('add', 'returned')).toBe('returned');
  });
  it('ignores a stored value that is not a reason', () => {
    expect(reasonFor('remove', 'stolen')).toBe('sold');
    expect(reasonFor('add', '')).toBe('received');
  });
});
