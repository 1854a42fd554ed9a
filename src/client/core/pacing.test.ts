import { describe, expect, it } from 'vitest';
import {
  NORMAL_PACE,
  STEP_BY_STEP,
  heldUntil,
  holdAfterStep,
  pacedWake,
  pacing,
  showInFlightFor,
} from './pacing';

const NOW = Date.parse('2026-11-29T17:00:00.000Z');

describe('pacing (step by step)', () => {
  it('holds nothing at the normal pace', () => {
    expect(pacing(false)).toEqual(NORMAL_PACE);
    expect(showInFlightFor(NORMAL_PACE)).toBe(0);
    expect(holdAfterStep({ final: false }, NOW, NORMAL_PACE)).toBeNull();
  });

  it('shows an in-flight state for a few seconds in step-by-step mode', () => {
    expect(pacing(true)).toEqual(STEP_BY_STEP);
    const shown = showInFlightFor(STEP_BY_STEP);
    expect(shown).toBeGreaterThanOrEqual(2_000);
    expect(shown).toBeLessThanOrEqual(5_000);
  });

  it('keeps the sender still after a step without a final answer, until the hold ends', () => {
    const hold = holdAfterStep({ final: false }, NOW, STEP_BY_STEP);
    expect(hold).toBe(NOW + STEP_BY_STEP.holdMs);
    // On fake time: held all the way up to the instant, free from it on.
    expect(heldUntil(hold, NOW, false)).toBe(hold);
    expect(heldUntil(hold, NOW + STEP_BY_STEP.holdMs - 1, false)).toBe(hold);
    expect(heldUntil(hold, NOW + STEP_BY_STEP.holdMs, false)).toBeNull();
  });

  it('lets the person end a hold at once ("Check and resend safely")', () => {
    const hold = holdAfterStep({ final: false }, NOW, STEP_BY_STEP);
    expect(heldUntil(hold, NOW + 1, true)).toBeNull();
  });

  it('holds nothing after a final answer: the next change may go at once', () => {
    expect(holdAfterStep({ final: true }, NOW, STEP_BY_STEP)).toBeNull();
    expect(heldUntil(null, NOW, false)).toBeNull();
  });

  it('moves the next wake-up to the end of a hold, never earlier', () => {
    expect(pacedWake(NOW + 800, NOW + 3_000)).toBe(NOW + 3_000);
    expect(pacedWake(NOW + 9_000, NOW + 3_000)).toBe(NOW + 9_000);
    expect(pacedWake(NOW + 800, null)).toBe(NOW + 800);
    expect(pacedWake(null, NOW + 3_000)).toBeNull();
  });
});

describe('pacing, at the edges', () => {
  it('a hold ends at its time; the person asking ends it at once; no hold, no wait', () => {
    expect(heldUntil(NOW + 1, NOW, false)).toBe(NOW + 1);
    expect(heldUntil(NOW, NOW, false)).toBeNull();
    expect(heldUntil(NOW + 1, NOW, true)).toBeNull();
    expect(heldUntil(null, NOW, false)).toBeNull();
  });

  it('a timer while held waits for the hold to end; without a hold or a timer it is unchanged', () => {
    expect(pacedWake(NOW, NOW + 5)).toBe(NOW + 5);
    expect(pacedWake(NOW + 9, NOW + 5)).toBe(NOW + 9);
    expect(pacedWake(NOW, null)).toBe(NOW);
    expect(pacedWake(null, NOW + 5)).toBeNull();
  });
});
