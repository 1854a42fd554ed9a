/**
 * The operation fingerprint on the server: the same canonical JSON as the browser's WebCrypto
 * version (src/protocol/fingerprint.ts), hashed synchronously with node:crypto. WebCrypto's digest
 * costs a thread-pool round trip per call, which splits bursts of requests across event-loop turns
 * and shrinks commit groups (measured: 13% of server CPU under load).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../protocol/fingerprint';
import type { Op } from '../protocol/schemas';

export function fingerprintNode(op: Op): string {
  return createHash('sha256').update(canonicalJson(op)).digest('hex');
}
