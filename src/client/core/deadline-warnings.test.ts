import { expect, it } from 'vitest';
import { deadlineWarnings } from './deadline-warnings';

const tue14 = Date.parse('2026-12-01T14:00:00.000Z');
const hour = 3_600_000;

it('warns, as data, about frozen work whose deadline approaches', () => {
  const frozen = { pending: true, sendAttempts: 1, deadline: tue14 };
  const warnings = deadlineWarnings(
    [
      frozen,
      frozen,
      frozen,
      { pending: true, sendAttempts: 0, deadline: tue14 }, // never left: it moves to a fresh lease
      { pending: false, sendAttempts: 2, deadline: tue14 }, // settled
      { pending: true, sendAttempts: 1, deadline: tue14 + 48 * hour }, // not close yet
    ],
    tue14 - 3 * hour,
    24 * hour,
  );
  expect(warnings).toEqual([{ count: 3, deadline: '2026-12-01T14:00:00.000Z' }]);
  expect(deadlineWarnings([frozen], tue14 - hour, 24 * hour)).toEqual([
    { count: 1, deadline: '2026-12-01T14:00:00.000Z' },
  ]);
  expect(deadlineWarnings([frozen], tue14 + 1, 24 * hour)).toEqual([]);
});

it('one warning per deadline, soonest first; up to the window’s very end', () => {
  const frozen = (deadline: number) => ({ pending: true, sendAttempts: 1, deadline });
  const warnings = deadlineWarnings(
    [frozen(tue14 + 2 * hour), frozen(tue14), frozen(tue14 + 2 * hour)],
    tue14 - 22 * hour,
    24 * hour,
  );
  expect(warnings).toEqual([
    { count: 1, deadline: '2026-12-01T14:00:00.000Z' },
    { count: 2, deadline: '2026-12-01T16:00:00.000Z' },
  ]);
  // Operations counted per lease: each lease adds its count to its deadline's.
  expect(
    deadlineWarnings([frozen(tue14), { ...frozen(tue14), count: 4 }], tue14 - hour, 24 * hour),
  ).toEqual([{ count: 5, deadline: '2026-12-01T14:00:00.000Z' }]);
  expect(deadlineWarnings([frozen(tue14 + 2 * hour + 1)], tue14 - 22 * hour, 24 * hour)).toEqual(
    [],
  );
});
