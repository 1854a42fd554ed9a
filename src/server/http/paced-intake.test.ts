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
  it('lets perStep requests go per turn, oldest first: the first ones at once, the rest in steps', () => {
    const turns = manualTurns();
    const intake = pacedIntake(3, turns.schedule);
    const gone: number[] = [];
    for (let i = 0; i < 8; i++) intake.take(() => gone.push(i));

    expect(gone).toEqual([0, 1, 2]);
    expect(intake.waiting()).toBe(5);
    turns.turn();
    expect(gone).toEqual([0, 1, 2, 3, 4, 5]);
    turns.turn();
    expect(gone).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(intake.waiting()).toBe(0);
  });

  it('a request arriving while others wait queues behind them, even in a turn with room', () => {
    const turns = manualTurns();
    const intake = pacedIntake(2, turns.schedule);
    const gone: string[] = [];
    ['a', 'b', 'c', 'd', 'e'].forEach((id) => intake.take(() => gone.push(id)));
    turns.turn();
    expect(gone).toEqual(['a', 'b', 'c', 'd']);
    // This turn let two go: the next one waits for the next step.
    intake.take(() => gone.push('f'));
    expect(gone).toEqual(['a', 'b', 'c', 'd']);
    turns.turn();
    expect(gone).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('a quiet intake lets a request go at once and schedules no step once its turn is over', () => {
    const turns = manualTurns();
    const intake = pacedIntake(2, turns.schedule);
    const gone: string[] = [];
    intake.take(() => gone.push('alone'));
    expect(gone).toEqual(['alone']);
    expect(turns.scheduled()).toBe(1);
    turns.turn();
    expect(turns.scheduled()).toBe(0);
    intake.take(() => gone.push('later'));
    expect(gone).toEqual(['alone', 'later']);
  });

  it('a request taken while a step lets others go waits for the next turn', () => {
    const turns = manualTurns();
    const intake = pacedIntake(2, turns.schedule);
    const gone: string[] = [];
    intake.take(() => gone.push('a'));
    intake.take(() => gone.push('b'));
    intake.take(() => {
      gone.push('c');
      intake.take(() => gone.push('e'));
    });
    intake.take(() => gone.push('d'));
    turns.turn();
    expect(gone).toEqual(['a', 'b', 'c', 'd']);
    turns.turn();
    expect(gone).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('by default, a waiting request goes on in a later turn of the event loop', async () => {
    const intake = pacedIntake(1);
    intake.take(() => undefined);
    const gone = new Promise<string>((resolve) => intake.take(() => resolve('gone')));
    expect(intake.waiting()).toBe(1);
    await expect(gone).resolves.toBe('gone');
    expect(intake.waiting()).toBe(0);
  });
});
