/**
 * The retry-window lesson's ten boundary cases (seed 000, "When the tombstone expires too"), as one
 * table on the tester clock at the lesson's minute scale. For each case: the answer (per
 * docs/api.md#idempotency, where it differs from the retry-window lesson) and the note's effect
 * count, never 2. The same runner and checker then run against the `no-dedup` variant, which must
 * be caught.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/api';
import { expectedRows, lessonViolations, runLessonTable } from './support/lesson';
import { LESSON_ENV, startBrokenServer, startTestServer } from './support/server';
import type { RunningServer } from './support/server';

let real: RunningServer;
let broken: RunningServer;

beforeAll(async () => {
  real = await startTestServer(LESSON_ENV);
  broken = await startBrokenServer('no-dedup', LESSON_ENV);
}, 60_000);

afterAll(async () => {
  await real.close();
  await broken.close();
});

describe('the retry-window lesson, "When the tombstone expires too"', { timeout: 120_000 }, () => {
  it('all ten cases: the expected answer and exactly one saved note each', async () => {
    const rows = await runLessonTable(await signIn(real.url));
    expect(rows).toEqual(expectedRows());
    expect(lessonViolations(rows)).toEqual([]);
  });

  it('the same checker catches the duplicate when deduplication is switched off', async () => {
    const rows = await runLessonTable(await signIn(broken.url));
    expect(lessonViolations(rows).length).toBeGreaterThan(0);
  });
});
