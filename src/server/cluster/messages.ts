/**
 * What the primary and its worker processes say to each other over node:cluster IPC (WORKERS=n).
 * Metrics travel as plain data (FamilySnapshot), never as text to re-parse.
 */
import type { FamilySnapshot } from '../observability/metrics';

export type WorkerMessage =
  /** The worker's server is listening. */
  | { type: 'listening'; url: string }
  /** A scrape reached this worker: it asks the primary for the whole server's metrics. */
  | { type: 'metrics-request'; id: number }
  /** This worker's own metrics, for the primary's collection `id`. */
  | { type: 'metrics-snapshot'; id: number; families: FamilySnapshot[] }
  /** A connection from address `key` arrived: may it stay open (MAX_CONNECTIONS_PER_ADDRESS)? */
  | { type: 'connection-take'; id: number; key: string }
  /** A connection the primary counted for address `key` has closed. */
  | { type: 'connection-give'; key: string };

export type PrimaryMessage =
  /** Send your own metrics for collection `id`. */
  | { type: 'metrics-collect'; id: number }
  /** The answer to this worker's `metrics-request`: every worker's metrics added up. */
  | { type: 'metrics-merged'; id: number; families: FamilySnapshot[] }
  /** The answer to `connection-take` `id`: counted (true) or over the cap (false). */
  | { type: 'connection-verdict'; id: number; taken: boolean };

function hasType(message: unknown): message is { type: unknown } {
  return typeof message === 'object' && message !== null && 'type' in message;
}

export function isWorkerMessage(message: unknown): message is WorkerMessage {
  return (
    hasType(message) &&
    (message.type === 'listening' ||
      message.type === 'metrics-request' ||
      message.type === 'metrics-snapshot' ||
      message.type === 'connection-take' ||
      message.type === 'connection-give')
  );
}

export function isPrimaryMessage(message: unknown): message is PrimaryMessage {
  return (
    hasType(message) &&
    (message.type === 'metrics-collect' ||
      message.type === 'metrics-merged' ||
      message.type === 'connection-verdict')
  );
}
