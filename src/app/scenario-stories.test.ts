import { describe, expect, it } from 'vitest';
import { en } from './i18n/en';
import type { ClientSnapshot } from '../client';
import { SCENARIOS, SCRATCH_ITEM, stepsSeen, withoutScratch } from './scenario-stories';

const nameOf = (s: (typeof SCENARIOS)[number]) => en.tester.scenarios.stories[s.id].name;

const byName = (name: string) => {
  const s = SCENARIOS.find((x) => nameOf(x) === name);
  if (!s) throw new Error(name);
  return s;
};

describe('scenarios', () => {
  it('has the spec’s six stories, by their accessible names', () => {
    expect(SCENARIOS.map(nameOf)).toEqual([
      'Lost reply after commit',
      'Failure before commit',
      'Reply slower than the app waits',
      'Server busy',
      'Too old to apply',
      'Old backup restored',
    ]);
  });

  it('ticks steps in order as states are seen, a repeat of a state included', () => {
    const lost = byName('Lost reply after commit');
    expect(stepsSeen(lost, ['queued'])).toBe(0);
    expect(stepsSeen(lost, ['queued', 'sending', 'unknown'])).toBe(2);
    expect(
      stepsSeen(lost, [
        'queued',
        'sending',
        'unknown',
        'checking',
        'unknown',
        'checking',
        'confirmed',
      ]),
    ).toBe(4);
    // Confirmed before anything was seen unknown does not tick the later steps out of order.
    expect(stepsSeen(lost, ['sending', 'confirmed'])).toBe(1);
  });

  it('old backup restored: restored to review, asked (never resent), confirmed by the tombstone', () => {
    const restored = byName('Old backup restored');
    expect(restored.restore).toBeDefined();
    expect(en.tester.scenarios.prelude).toHaveLength(3);
    expect(stepsSeen(restored, ['review', 'checking', 'confirmed'])).toBe(3);
    expect(stepsSeen(restored, ['checking', 'confirmed'])).toBe(0);
  });

  it('server busy: sent, saved again while refused, sent again, confirmed', () => {
    const busy = byName('Server busy');
    expect(stepsSeen(busy, ['queued', 'sending', 'queued', 'sending', 'confirmed'])).toBe(4);
  });

  it('hides the scratch item (and so its shelf) once tester mode is off', () => {
    const scratch = { id: SCRATCH_ITEM.itemId, location: SCRATCH_ITEM.location };
    const lamp = { id: 'lamp', location: 'A1' };
    const snapshot = { testerMode: false, items: [lamp, scratch] } as unknown as ClientSnapshot;
    expect(withoutScratch(snapshot).items).toEqual([lamp]);
    const testing = { ...snapshot, testerMode: true };
    expect(withoutScratch(testing)).toBe(testing);
    const plain = { testerMode: false, items: [lamp] } as unknown as ClientSnapshot;
    expect(withoutScratch(plain)).toBe(plain);
  });
});
