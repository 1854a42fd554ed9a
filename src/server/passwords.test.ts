import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  dummyHash,
  hashParameters,
  hashPassword,
  MAX_PASSWORD_COST,
  MIN_PASSWORD_COST,
  needsRehash,
  verifyPassword,
} from './passwords';

describe('passwords', () => {
  it('hashes with scrypt N = 2^17 by default (128 MiB: above Node’s default maxmem)', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct hors', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  }, 60_000);

  it('verifies the older N = 2^14 form and asks for it to be upgraded', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('manager', salt, 32, { N: 16384, r: 8, p: 1 });
    const legacy = `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('manager', legacy)).toBe(true);
    expect(needsRehash(legacy)).toBe(true);
    expect(needsRehash(legacy, 14)).toBe(false);
    const lower = await hashPassword('manager', 12);
    expect(needsRehash(lower)).toBe(true);
    expect(needsRehash(lower, 12)).toBe(false);
  });

  it('refuses unreadable or absurd stored forms without throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$a',
      'scrypt$ln=40,r=8,p=1$AAAA$AAAA',
      'bcrypt$x$y',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it('no password matches the dummy hash', async () => {
    expect(await verifyPassword('', dummyHash(10))).toBe(false);
    expect(await verifyPassword('manager', dummyHash(10))).toBe(false);
  });

  it('the dummy check has exactly the parameters of a real hash, at every cost', async () => {
    // Hashing for real at the cheap costs; above them the real hash's form with only N changed
    // (hashing at N = 2^20 takes a GiB), which the cheap costs show is all that changes.
    const real = await hashPassword('a real password', MIN_PASSWORD_COST);
    const realAtMin = hashParameters(real);
    expect(realAtMin).toEqual({ logN: MIN_PASSWORD_COST, r: 8, p: 1, saltBytes: 16, keyBytes: 32 });
    for (const cost of [MIN_PASSWORD_COST, MIN_PASSWORD_COST + 1, MIN_PASSWORD_COST + 2]) {
      expect(hashParameters(dummyHash(cost))).toEqual(
        hashParameters(await hashPassword('x', cost)),
      );
    }
    for (let cost = MIN_PASSWORD_COST; cost <= MAX_PASSWORD_COST; cost++) {
      expect(hashParameters(dummyHash(cost))).toEqual({ ...realAtMin, logN: cost });
    }
    expect(hashParameters(dummyHash())).toEqual({ ...realAtMin, logN: 17 });
  });

  it('every stored cost converges on the configured one: dearer hashes are redone too', async () => {
    const dearer = await hashPassword('manager', 12);
    expect(needsRehash(dearer, 11)).toBe(true);
    expect(needsRehash(dearer, 12)).toBe(false);
    expect(needsRehash(dearer, 13)).toBe(true);
  });
});
