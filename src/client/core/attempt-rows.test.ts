import { describe, expect, it } from 'vitest';
import { linesOf, timelines, withEnds, withoutOperations } from './attempt-rows';
import type { AttemptEnd } from './records';

const ok: AttemptEnd = { endedAt: 6, result: 'response', httpStatus: 201, serverTiming: { tx: 1 } };
const dropped: AttemptEnd = {
  endedAt: 9,
  result: 'network-error',
  httpStatus: null,
  serverTiming: {},
};
const batch = { attemptId: 'a1', kind: 'send', at: 5 } as const;

describe('attempt rows', () => {
  it('one row gathers the ends of every operation of its attempt', () => {
    const first = withEnds(undefined, batch, new Map([['L.1', ok]]));
    const row = withEnds(first, batch, new Map([['L.2', ok]]));
    expect(row).toEqual({
      attemptId: 'a1',
      kind: 'send',
      sentAt: 5,
      ends: { 'L.1': ok, 'L.2': ok },
      operationIds: ['L.1', 'L.2'],
    });
    expect(first.operationIds).toEqual(['L.1']);
  });

  it('an end already stored stays unless replacing is asked for', () => {
    const row = withEnds(undefined, batch, new Map([['L.1', ok]]));
    const kept = withEnds(
      row,
      batch,
      new Map([
        ['L.1', dropped],
        ['L.2', dropped],
      ]),
      false,
    );
    expect(kept.ends).toEqual({ 'L.1': ok, 'L.2': dropped });
    expect(withEnds(row, batch, new Map([['L.1', dropped]])).ends).toEqual({ 'L.1': dropped });
  });

  it('leaving operations out, and nothing left', () => {
    const row = withEnds(
      undefined,
      batch,
      new Map([
        ['L.1', ok],
        ['L.2', ok],
      ]),
    );
    expect(withoutOperations(row, new Set(['L.1']))?.operationIds).toEqual(['L.2']);
    expect(withoutOperations(row, new Set(['L.1', 'L.2']))).toBeNull();
  });

  it("each operation's timeline, in the order the attempts were sent", () => {
    const later = withEnds(
      undefined,
      { attemptId: 's2', kind: 'status', at: 8 },
      new Map([['L.1', dropped]]),
    );
    const earlier = withEnds(
      undefined,
      batch,
      new Map([
        ['L.1', ok],
        ['L.2', ok],
      ]),
    );
    expect(linesOf(earlier)).toEqual([
      { operationId: 'L.1', attemptId: 'a1', kind: 'send', sentAt: 5, ...ok },
      { operationId: 'L.2', attemptId: 'a1', kind: 'send', sentAt: 5, ...ok },
    ]);
    const byOperation = timelines([later, earlier]);
    expect(byOperation.get('L.1')?.map((l) => l.attemptId)).toEqual(['a1', 's2']);
    expect(byOperation.get('L.2')?.map((l) => l.attemptId)).toEqual(['a1']);
  });
});
