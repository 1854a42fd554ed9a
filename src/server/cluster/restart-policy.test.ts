import { describe, expect, it } from 'vitest';
import { RESTART_CAP_MS, restartDelayMs } from './restart-policy';

describe('restartDelayMs', () => {
  it('starts at half a second and doubles up to the cap', () => {
    expect([1, 2, 3, 4].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000]);
    expect(restartDelayMs(7)).toBe(RESTART_CAP_MS);
    expect(restartDelayMs(1000)).toBe(RESTART_CAP_MS);
    expect(restartDelayMs(0)).toBe(500);
  });
});
