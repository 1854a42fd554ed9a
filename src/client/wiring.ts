/**
 * What every sender of this device shares, tab or service worker (client.ts, worker-drain.ts):
 * the database's name, the Web Lock and BroadcastChannel named after it, the server's address,
 * the attempt timeout and the sender's policy. One place, so a tab and the worker can never
 * disagree on which lock keeps them from sending at once, or which channel says "look again".
 */
import { systemClock, type Clock } from './core/clock';
import type { HttpDeps } from './net/http';
import { DEFAULT_SENDER_POLICY, type SenderPolicy } from './sender';
import {
  changeChannel,
  defaultLock,
  defaultWatch,
  type BroadcastLike,
  type ChangeChannel,
  type SenderLock,
  type WatchSignal,
} from './tabs';

export interface WiringOptions {
  /** '' (default) for the page's (or worker's) own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  dbName?: string;
  clock?: Clock;
  random?: () => number;
  lock?: SenderLock;
  /** Whether a tab watches step by step, so the worker stands aside (default: a Web Lock, tabs.ts). */
  watch?: WatchSignal;
  /** Whether a tab is in front of a person, so the worker stands aside (default: a Web Lock). */
  looking?: WatchSignal;
  /** BroadcastChannel maker (default: the global one); null: no other tabs to tell. */
  broadcast?: ((name: string) => BroadcastLike) | null;
  policy?: Partial<SenderPolicy>;
  /** Per attempt (default 10 s). */
  attemptTimeoutMs?: number;
}

export const DEFAULT_DB_NAME = 'stockroom';
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;

export interface Wiring {
  /** The IndexedDB database's name. */
  dbName: string;
  clock: Clock;
  random: () => number;
  policy: SenderPolicy;
  /** One sender at a time across the tabs and the worker of this database. */
  lock: SenderLock;
  /** A tab pacing its sender step by step says so here; the service worker then leaves it the work. */
  watch: WatchSignal;
  /**
   * A visible tab says so here; the service worker then leaves it the work, so the sender that runs
   * is one that hears the person's finger (person-first.ts).
   */
  looking: WatchSignal;
  /** The server's address, timeout and fetch; `extra` adds a close signal and an observer. */
  http(extra?: Pick<HttpDeps, 'signal' | 'observe'>): HttpDeps;
  /** The "look again" channel of this database (tabs.ts). */
  channel(onOtherTabChanged: () => void): ChangeChannel;
}

export function wiring(options: WiringOptions): Wiring {
  const dbName = options.dbName ?? DEFAULT_DB_NAME;
  const clock = options.clock ?? systemClock;
  return {
    dbName,
    clock,
    random: options.random ?? Math.random,
    policy: { ...DEFAULT_SENDER_POLICY, ...options.policy },
    lock: options.lock ?? defaultLock(`${dbName}:sender`),
    watch: options.watch ?? defaultWatch(`${dbName}:watching`),
    looking: options.looking ?? defaultWatch(`${dbName}:looking`),
    http: (extra = {}) => ({
      baseUrl: options.baseUrl ?? '',
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      clock,
      timeoutMs: options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS,
      ...extra,
    }),
    channel: (onOtherTabChanged) =>
      changeChannel(`${dbName}:changes`, onOtherTabChanged, options.broadcast),
  };
}
