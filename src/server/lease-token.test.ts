import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newLeaseId, signLease, verifyLease, type LeaseClaims } from './lease-token';

const claims: LeaseClaims = {
  id: 'L7f3k',
  userId: 'u1',
  deviceId: 'phone',
  size: 10,
  issuedAt: 1_000,
  deadline: 2_000,
};

describe('lease tokens', () => {
  it('verify under the current or the previous secret only', () => {
    const token = signLease(claims, 'old');
    expect(verifyLease(token, ['new', 'old'])).toEqual(claims);
    expect(verifyLease(token, ['new'])).toBeNull();
  });

  it('refuse any edit of any character', () => {
    const token = signLease(claims, 's');
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.constantFrom(...'AZaz09-_.x'), (at, ch) => {
        fc.pre(token[at] !== ch);
        const edited = token.slice(0, at) + ch + token.slice(at + 1);
        expect(verifyLease(edited, ['s'])).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('refuse a re-signed payload with an extended deadline', () => {
    const forged = signLease({ ...claims, deadline: 9_999 }, 'attacker');
    expect(verifyLease(forged, ['s'])).toBeNull();
  });

  it('make lease ids of 13 url-safe characters that start with a letter or digit', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 10, maxLength: 10 }), (bytes) => {
        const id = newLeaseId((n) => Buffer.from(bytes.subarray(0, n)));
        expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{12}$/);
      }),
    );
    // The draw that made an id start with '-' or '_' before (a first byte of 0xf8 or more).
    expect(newLeaseId((n) => Buffer.alloc(n, 0xff))).toMatch(/^[A-Za-z0-9]/);
  });
});
