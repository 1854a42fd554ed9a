/**
 * Lease tokens: `<payload>.<mac>`, both base64url. The payload binds lease id, user, device, size,
 * issue time and deadline; the MAC is HMAC-SHA256 under the current secret, and tokens made under the
 * previous secret still verify during a rotation. Any edit invalidates the token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Lease } from '../protocol/schemas';

const Payload = z.strictObject({
  v: z.literal(1),
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  userId: z.string(),
  deviceId: z.string(),
  size: z.number().int().positive(),
  issuedAt: z.number().int(),
  deadline: z.number().int(),
});
export type LeaseClaims = Omit<z.infer<typeof Payload>, 'v'>;

const LETTERS_AND_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * 78 random bits. The first character is a letter or digit: an id starting with `-` or `_` is
 * awkward for people, and a spreadsheet would read a leading `-` as a formula (the CSV guard then
 * prefixes it with `'`, so the cell no longer equals the id).
 */
export function newLeaseId(random: (bytes: number) => Buffer = randomBytes): string {
  const bytes = random(10);
  const first = LETTERS_AND_DIGITS[(bytes[0] ?? 0) % LETTERS_AND_DIGITS.length] ?? 'L';
  return first + bytes.subarray(1).toString('base64url');
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function signLease(claims: LeaseClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, ...claims })).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/**
 * A client uses one token for thousands of operations, so verified tokens are remembered (bounded).
 * Only successes are cached, keyed by the whole token under the same secrets: a hit is exactly a
 * token this function already verified.
 */
const verified = new Map<string, LeaseClaims>();
const VERIFIED_MAX = 4096;

/** `null` for anything not made by this server, or edited since. */
export function verifyLease(token: string, secrets: readonly string[]): LeaseClaims | null {
  const key = `${secrets.join('\n')}\n${token}`;
  const hit = verified.get(key);
  if (hit) return hit;
  const claims = verifyUncached(token, secrets);
  if (claims) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(key, claims);
  }
  return claims;
}

function verifyUncached(token: string, secrets: readonly string[]): LeaseClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload = '', signature = ''] = parts;
  const given = Buffer.from(signature, 'base64url');
  if (given.toString('base64url') !== signature) return null;
  const valid = secrets.some((secret) => {
    const expected = mac(secret, payload);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = Payload.safeParse(json);
  if (!parsed.success) return null;
  const { v: _v, ...claims } = parsed.data;
  return claims;
}

export function leaseView(claims: LeaseClaims): Lease {
  return {
    id: claims.id,
    userId: claims.userId,
    deviceId: claims.deviceId,
    size: claims.size,
    issuedAt: new Date(claims.issuedAt).toISOString(),
    deadline: new Date(claims.deadline).toISOString(),
  };
}
