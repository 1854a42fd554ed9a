import { describe, expect, it } from 'vitest';
import { pacedIntake } from './paced-intake';

/** A schedule the test runs by hand: `turn()` runs the steps scheduled so far. */
function manualTurns() {
  let steps: (() => void)[] = [];
  return {
    schedule: (step: () => void) => {
      steps.push(step);
    },
    scheduled: () => steps.length,
    turn() {
      const now = steps;
      steps = [];
      now.forEach((step) => step());
    },
  };
}

describe('pacedIntake', () => {
  it('lets at most perStep requests go per turn, oldest first', () => {
    const turns = manualTurns();
    const intake = pacedIntake(3, turns.schedule);
    const gone: number[] = [];
    for (let i = 0; i < 7; i++) intake.take(() => gone.push(i));

    expect(gone).toEqual([]);
    expect(intake.waiting()).toBe(7);
    turns.turn();
    expect(gone).toEqual([0, 1, 2]);
    turns.turn();
    expect(gone).toEqual([0, 1, 2, 3, 4, 5]);
    turns.turn();
    expect(gone).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(intake.waiting()).toBe(0);
  });

  it('schedules one step at a time, and none while nothing waits', () => {
    const turns = manualTurns();
    const intake = pacedIntake(2, turns.schedule);
    intake.take(() => undefined);
    intake.take(() => undefined);
    intake.take(() => undefined);
    expect(turns.scheduled()).toBe(1);
    turns.turn();
    expect(turns.scheduled()).toBe(1);
    turns.turn();
    expect(turns.scheduled()).toBe(0);

    const gone: string[] = [];
    intake.take(() => gone.push('later'));
    expect(turns.scheduled()).toBe(1);
    turns.turn();
    expect(gone).toEqual(['later']);
  });

  it('a request taken while a step lets others go waits for the next turn', () => {
    const turns = manualTurns();
    const intake = pacedIntake(2, turns.schedule);
    const gone: string[] = [];
    intake.take(() => {
      gone.push('a');
      intake.take(() => gone.push('c'));
    });
    intake.take(() => gone.push('b'));
    turns.turn();
    expect(gone).toEqual(['a', 'b']);
    turns.turn();
    expect(gone).toEqual(['a', 'b', 'c']);
  });

  it('by default, a request goes on in a later turn of the event loop', async () => {
    const intake = pacedIntake(1);
    const gone = new Promise<string>((resolve) => intake.take(() => resolve('gone')));
    expect(intake.waiting()).toBe(1);
    await expect(gone).resolves.toBe('gone');
    expect(intake.waiting()).toBe(0);
  });
});
