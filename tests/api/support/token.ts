/**
 * Editing opaque lease tokens the way a buggy or hostile client would. The token's format is the
 * server's business, so these helpers never depend on it: they edit characters, or find the
 * deadline wherever it is readable and change it.
 */
import type { Lease } from '../../../src/protocol/schemas';

/** The character at `index` replaced by a different one of the same kind. */
export function flipChar(token: string, index: number): string {
  const c = token[index] ?? '';
  let replacement: string;
  if (/[a-y]|[A-Y]|[0-8]/.test(c)) replacement = String.fromCharCode(c.charCodeAt(0) + 1);
  else if (c === 'z') replacement = 'a';
  else if (c === 'Z') replacement = 'A';
  else if (c === '9') replacement = '0';
  else replacement = 'A';
  return token.slice(0, index) + replacement + token.slice(index + 1);
}

/** Every single-character edit of the token (each position changed once). */
export function everySingleCharEdit(token: string): string[] {
  return Array.from(token, (_, i) => flipChar(token, i));
}

function decodeBase64Url(part: string): string | null {
  if (!/^[A-Za-z0-9_\-+/=]+$/.test(part)) return null;
  try {
    return Buffer.from(part, 'base64url').toString('utf8');
  } catch {
    return null;
  }
}

function encodeLike(original: string, text: string): string {
  const url = Buffer.from(text, 'utf8').toString('base64url');
  if (/[+/]/.test(original) || original.endsWith('=')) return Buffer.from(text).toString('base64');
  return url;
}

/** Replaces, anywhere inside a JSON value, the deadline (as ISO text, ms or s) by `to`. */
function replaceDeadline(value: unknown, fromMs: number, toMs: number): unknown {
  if (value === new Date(fromMs).toISOString()) return new Date(toMs).toISOString();
  if (value === fromMs) return toMs;
  if (value === fromMs / 1000) return toMs / 1000;
  if (Array.isArray(value)) return value.map((v) => replaceDeadline(v, fromMs, toMs));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, replaceDeadline(v, fromMs, toMs)]),
    );
  }
  return value;
}

/**
 * The token with its deadline moved to `toMs`, as a client editing it would (the signature is left
 * as it was). When no readable deadline is found, the payload is edited instead: any edit must
 * invalidate the token, so the expected answer is the same.
 */
export function editDeadline(token: string, lease: Lease, toMs: number): string {
  const fromMs = Date.parse(lease.deadline);
  const parts = token.split('.');
  for (const [i, part] of parts.entries()) {
    const decoded = decodeBase64Url(part);
    if (decoded === null) continue;
    let json: unknown;
    try {
      json = JSON.parse(decoded);
    } catch {
      continue;
    }
    const edited = JSON.stringify(replaceDeadline(json, fromMs, toMs));
    if (edited !== JSON.stringify(json)) {
      const copy = [...parts];
      copy[i] = encodeLike(part, edited);
      return copy.join('.');
    }
  }
  for (const [from, to] of [
    [new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
    [String(fromMs), String(toMs)],
  ] as const) {
    if (token.includes(from)) return token.replace(from, to);
  }
  return flipChar(token, 0);
}
