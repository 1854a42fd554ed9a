/**
 * Passwords are stored with scrypt, salted, checked in constant time. The stored form names its
 * cost (`scrypt$ln=17,r=8,p=1$salt$key`, N = 2^ln), so the cost can rise and older hashes are
 * upgraded at their next successful sign-in. The oldest form, `scrypt$salt$key`, is N = 2^14.
 *
 * Production uses N = 2^17 (docs/api.md#authentication: 128 MiB and a few hundred ms per check);
 * tests lower the cost with PASSWORD_COST, the way test settings swap in a fast hasher.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
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

/** The stored form; the one writer of it, for real hashes and the dummy alike. */
function stored({ logN, salt, key }: Params): string {
  return `scrypt$ln=${logN},r=${R},p=${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function hashPassword(
  password: string,
  cost = DEFAULT_PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  return stored({ logN: cost, salt, key: await scrypt(password, salt, cost) });
}

/** What a check of `stored` costs and compares: scrypt's parameters, the salt's and key's sizes. */
export function hashParameters(
  storedHash: string,
): { logN: number; r: number; p: number; saltBytes: number; keyBytes: number } | null {
  const params = parse(storedHash);
  if (!params) return null;
  return {
    logN: params.logN,
    r: R,
    p: P,
    saltBytes: params.salt.length,
    keyBytes: params.key.length,
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const params = parse(stored);
  if (!params) return false;
  const actual = await scrypt(password, params.salt, params.logN);
  return actual.length === params.key.length && timingSafeEqual(actual, params.key);
}

/**
 * True when the stored hash is not at `cost` (or unreadable): hash again after sign-in. Cheaper
 * ones are upgraded; dearer ones (PASSWORD_COST lowered since, or set apart for `npm run users`)
 * come down to it too, so every account converges on the one cost the dummy check below costs, and
 * an unknown name cannot be told from a known one by how long a wrong password takes.
 */
export function needsRehash(storedHash: string, cost = DEFAULT_PASSWORD_COST): boolean {
  const params = parse(storedHash);
  return params === null || params.logN !== cost;
}

/**
 * Checked for unknown (and disabled) users too, with exactly the parameters of a real hash at
 * `cost` (the configured cost, which every stored hash converges on), so timing does not tell which
 * names exist. Its key is all zeros: no password matches it.
 */
export function dummyHash(cost = DEFAULT_PASSWORD_COST): string {
  return stored({ logN: cost, salt: Buffer.alloc(SALT_LENGTH), key: Buffer.alloc(KEY_LENGTH) });
}
