import { describe, expect, it } from 'vitest';
import type { AttemptView } from '../client/facade';
import { attemptOutcomeText, byMinute, mergeTimeline } from './attempt-words';

const attempt = (extra: Partial<AttemptView>): AttemptView => ({
  attemptId: 'a1',
  sentAt: '2026-11-29T17:00:01.000Z',
  endedAt: null,
  result: 'pending',
  httpStatus: null,
  serverTiming: {},
  ...extra,
});

describe('attempt words', () => {
  it('never calls a missing response a failure', () => {
    for (const result of [
      'pending',
      'response',
      'timeout',
      'network-error',
      'http-error',
    ] as const) {
      expect(attemptOutcomeText(attempt({ result, httpStatus: 503 }))).not.toMatch(/fail|error/i);
    }
    expect(attemptOutcomeText(attempt({ result: 'timeout' }))).toBe(
      'Timed out: no response arrived',
    );
  });

  it('merges both sides in time order, device first at equal times', () => {
    const rows = mergeTimeline(
      [attempt({ endedAt: '2026-11-29T17:00:11.000Z', result: 'timeout' })],
      [
        { at: '2026-11-29T17:00:01.000Z', event: 'attempt-received', attemptId: 'a1' },
        { at: '2026-11-29T17:00:09.000Z', event: 'committed', attemptId: 'a1' },
      ],
    );
    expect(rows.map((r) => `${r.side}:${r.text}`)).toEqual([
      'device:Attempt sent',
      'server:received',
      'server:committed',
      'device:Timed out: no response arrived',
    ]);
  });

  it('tells a status question from a send', () => {
    const rows = mergeTimeline([attempt({ kind: 'status' })], []);
    expect(rows.map((r) => r.text)).toEqual(['Status question sent']);
  });

  it('groups rows by minute', () => {
    const rows = mergeTimeline(
      [attempt({}), attempt({ attemptId: 'a2', sentAt: '2026-11-29T17:01:30.000Z' })],
      [],
    );
    const groups = byMinute(rows, (iso) => iso.slice(11, 16));
    expect(groups.map(([m, r]) => [m, r.length])).toEqual([
      ['17:00', 1],
      ['17:01', 1],
    ]);
  });
});
