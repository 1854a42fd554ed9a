/**
 * The operation fingerprint: SHA-256 (hex) over a canonical JSON of `op` as sent (after validation,
 * no defaults filled in; sorted keys; no whitespace). Hashed with WebCrypto here (the browser, and
 * the server's tests); the server hashes the same canonical JSON with node:crypto
 * (src/server/fingerprint-node.ts), and a property test holds the two equal.
 */
import type { Op } from './schemas';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    if (s === undefined) throw new TypeError('not representable in JSON');
    return s;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fingerprint(op: Op): Promise<string> {
  return sha256Hex(canonicalJson(op));
}
