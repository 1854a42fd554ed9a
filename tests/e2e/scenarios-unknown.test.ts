/**
 * The Scenarios whose change's outcome is unknown until the app checks, in a real browser: Lost
 * reply after commit, Failure before commit and Reply slower than the app waits each run in
 * step-by-step mode and each state word of its change stays on screen at least a second (measured
 * in the page, so nothing here sleeps: support/scenario-story.ts); the timeline's server rows are
 * words, never raw event codes. One story is photographed mid-way for docs/client.md. The other
 * three stories, the Armed faults list and the server's clock: scenarios-busy-old.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { playStepByStep, serverRuleWords, stories } from './support/scenario-story';
import { useScene } from './support/scene';

const scene = useScene();

describe('scenarios, step by step', () => {
  it.each(
    stories('Lost reply after commit', 'Failure before commit', 'Reply slower than the app waits'),
  )(
    '%s: each state stays on screen at least a second',
    (name, words) => playStepByStep(scene, name, words),
    180_000,
  );

  it('the stories leave nothing armed (each removes what is left of its rule as it ends)', async () => {
    expect(await serverRuleWords(scene)).toEqual([]);
  });
});
