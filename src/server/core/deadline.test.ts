import { describe, expect, it } from 'vitest';
import { pastDeadline } from './deadline';

describe('pastDeadline', () => {
  const deadline = Date.UTC(2026, 11, 8, 12);
  it('is not past at exactly the deadline, and past one millisecond later', () => {
    expect(pastDeadline(deadline - 1, deadline)).toBe(false);
    expect(pastDeadline(deadline, deadline)).toBe(false);
    expect(pastDeadline(deadline + 1, deadline)).toBe(true);
  });
});
