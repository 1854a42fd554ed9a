/**
 * What the browser gives every agent of an origin for one Web Lock name (tabs.ts `WatchSignal`),
 * as a plain set: each call makes one agent's signal, and any agent sees whether some agent holds
 * it. The harness's clients share one process, so each test makes its own.
 */
import type { WatchSignal } from '../../../src/client/tabs';

export function sharedWatch(): () => WatchSignal {
  const holders = new Set<object>();
  return () => {
    const me = {};
    return {
      set: (on) => void (on ? holders.add(me) : holders.delete(me)),
      anyWatching: () => Promise.resolve(holders.size > 0),
    };
  };
}
