import { describe, expect, it } from 'vitest';
import { HOLD_MS, RepeatGuard } from './repeat-guard';

describe('a camera that stays on', () => {
  it('counts a label once while it stays in view, again after it left, another at once', () => {
    const g = new RepeatGuard();
    expect(g.seen('A', 0)).toBe(true);
    // Every frame for five seconds: still the same box.
    for (let at = 16; at < 5000; at += 16) expect(g.seen('A', at)).toBe(false);
    expect(g.seen('B', 5010)).toBe(true);
    expect(g.seen('A', 5020)).toBe(true);
    expect(g.seen('A', 5020 + HOLD_MS)).toBe(true);
  });
});
