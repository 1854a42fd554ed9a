/**
 * Passwords are stored with scrypt, salted, checked in constant time. The stored form names its
 * cost (`scrypt$ln=17,r=8,p=1$salt$key`, N = 2^ln), so the cost can rise and older hashes are
 * upgraded at their next successful sign-in. The oldest form, `scrypt$salt$key`, is N = 2^14.
 *
 * Production uses N = 2^17 (spec/api.md "Authentication": 128 MiB and a few hundred ms per check);
 * tests lower the cost with PASSWORD_COST, the way test settings swap in a fast hasher.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const R = 8;
const P = 1;
/** log2 N of the hashes written before the cost was recorded in the stored form. */
const LEGACY_LOG_N = 14;
export const DEFAULT_PASSWORD_COST = 17;
export const MIN_PASSWORD_COST = 10;
/** Also bounds what a stored hash may ask for, so a corrupt row cannot exhaust memory. */
export const MAX_PASSWORD_COST = 20;

interface Params {
  logN: number;
  salt: Buffer;
  key: Buffer;
}

function scrypt(password: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  // Node's default maxmem (32 MiB) is below scrypt's 128·N·r bytes from N = 2^15 on.
  const maxmem = 256 * N * R;
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function parse(stored: string): Params | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  let logN = LEGACY_LOG_N;
  let rest = parts.slice(1);
  if (parts.length === 4) {
    const m = /^ln=(\d{1,2}),r=8,p=1$/.exec(parts[1] ?? '');
    if (!m) return null;
    logN = Number(m[1]);
    rest = parts.slice(2);
  }
  const [salt, key] = rest;
  if (rest.length !== 2 || !salt || !key) return null;
  if (logN < MIN_PASSWORD_COST || logN > MAX_PASSWORD_COST) return null;
  return { logN, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function hashPassword(
  password: string,
  cost = DEFAULT_PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return `scrypt$ln=${cost},r=${R},p=${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const params = parse(stored);
  if (!params) return false;
  const actual = await scrypt(password, params.salt, params.logN);
  return actual.length === params.key.length && timingSafeEqual(actual, params.key);
}

/** True when the stored hash is cheaper than `cost` (or unreadable): hash again after sign-in. */
export function needsRehash(stored: string, cost = DEFAULT_PASSWORD_COST): boolean {
  const params = parse(stored);
  return params === null || params.logN < cost;
}

/**
 * Checked for unknown (and disabled) users too, at the same cost, so timing does not tell which
 * names exist. Its key is all zeros: no password matches it.
 */
export function dummyHash(cost = DEFAULT_PASSWORD_COST): string {
  const zeros = (n: number) => Buffer.alloc(n).toString('base64url');
  return `scrypt$ln=${cost},r=${R},p=${P}$${zeros(16)}$${zeros(KEY_LENGTH)}`;
}
