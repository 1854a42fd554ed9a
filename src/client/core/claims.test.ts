import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../../tests/support/client/sample-record';
import { asClaimed, indexClaims, started, withClaimed, withoutClaimed, type Claim } from './claims';

const send = { attemptId: 'a1', kind: 'send', at: 5 } as const;
const status = { attemptId: 's1', kind: 'status', at: 7 } as const;
const unknown = {
  kind: 'unknown',
  since: 3,
  retry: { attempts: 1, notBefore: 4 },
  notYet: false,
} as const;

describe('claims', () => {
  it('a claimed operation reads as its attempt started; a send counts and freezes the id', () => {
    const queued = sampleRecord(0);
    expect(started(queued, send)).toEqual({
      ...queued,
      state: {
        kind: 'sending',
        attemptId: 'a1',
        since: 5,
        retry: queued.state.kind === 'queued' && queued.state.retry,
      },
      sendAttempts: 1,
    });
    const checking = started(sampleRecord(1, { state: unknown, sendAttempts: 1 }), status);
    expect(checking?.state).toEqual({
      kind: 'checking',
      attemptId: 's1',
      since: 7,
      via: 'status',
      prior: unknown,
    });
    expect(checking?.sendAttempts).toBe(1);
  });

  it('an operation that may not start the attempt is not claimed, and reads as stored', () => {
    const confirmed = sampleRecord(0, { state: { kind: 'confirmed', since: 4 }, sendAttempts: 1 });
    // Resolved by the person: never sent again, whatever its state.
    const discarded = sampleRecord(1, { resolution: { kind: 'discarded', note: '', at: 5 } });
    expect(started(confirmed, send)).toBeNull();
    expect(started(discarded, send)).toBeNull();
    const claims = indexClaims([{ ...send, userId: 'u1', ids: [confirmed.id, discarded.id] }]);
    expect(asClaimed(confirmed, claims)).toBe(confirmed);
    expect(asClaimed(discarded, claims)).toBe(discarded);
    // Not listed: the record itself.
    const other = sampleRecord(2);
    expect(asClaimed(other, claims)).toBe(other);
  });

  it('one record holds every claim; ids join their attempt and leave it', () => {
    let claims: Claim[] = withClaimed([], 'u1', send, ['L1.0', 'L1.1']);
    claims = withClaimed(claims, 'u1', send, ['L1.2']);
    claims = withClaimed(claims, 'u1', status, ['L1.7']);
    expect(claims).toEqual([
      { ...send, userId: 'u1', ids: ['L1.0', 'L1.1', 'L1.2'] },
      { ...status, userId: 'u1', ids: ['L1.7'] },
    ]);
    expect([...indexClaims(claims).keys()]).toEqual(['L1.0', 'L1.1', 'L1.2', 'L1.7']);
    // Only the named attempt's claim loses them; one left empty goes.
    expect(withoutClaimed(claims, new Set(['L1.7', 'L1.0']), 'a1')).toEqual([
      { ...send, userId: 'u1', ids: ['L1.1', 'L1.2'] },
      { ...status, userId: 'u1', ids: ['L1.7'] },
    ]);
    expect(withoutClaimed(claims, new Set(['L1.7', 'L1.0']))).toEqual([
      { ...send, userId: 'u1', ids: ['L1.1', 'L1.2'] },
    ]);
    const same = withoutClaimed(claims, new Set(['gone']));
    expect(same[0]).toBe(claims[0]);
    // Nothing to take off: the same array (the store then writes nothing).
    expect(same).toBe(claims);
    expect(withoutClaimed(claims, new Set(['L1.7']), 'a1')).toBe(claims);
  });
});
