/**
 * Several tabs (and the service worker) share one IndexedDB:
 * - one sender at a time, through Web Locks; where `navigator.locks` is missing, a lock local to
 *   this instance (two such instances may both send the same id, which stays safe: the server
 *   answers the second with the stored receipt, and a second receipt changes nothing locally);
 * - after every committed change, a BroadcastChannel message tells the others to look again.
 *   The message carries no state: every reader re-reads IndexedDB.
 */
export interface SenderLock {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export function webLock(locks: LockManager, name: string): SenderLock {
  return { run: <T>(fn: () => Promise<T>) => locks.request(name, fn) as Promise<T> };
}

export function localLock(): SenderLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(fn: () => Promise<T>): Promise<T> {
      const result = tail.then(fn, fn);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

export function defaultLock(name: string): SenderLock {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? webLock(locks, name) : localLock();
}

/**
 * Step by step (pacing.ts) is a promise to a person watching a tab: each state stays on screen.
 * The service worker runs no pace (nobody watches it), so while any tab watches, the worker leaves
 * the work to that tab's sender (the same code, the same ids: only who sends changes). A watching
 * tab holds a shared Web Lock, released when it stops watching or closes (the browser releases the
 * locks of a closed tab), so the worker never waits on a tab that is gone.
 */
export interface WatchSignal {
  /** This tab starts or stops watching. */
  set(watching: boolean): void;
  /** Does some tab watch now? */
  anyWatching(): Promise<boolean>;
}

export function webLockWatch(locks: LockManager, name: string): WatchSignal {
  let watching = false;
  let release: (() => void) | null = null;
  // Each request remembers which "set" made it: a grant that arrives after a later set(false) ends at once.
  let generation = 0;
  return {
    set(on) {
      if (on === watching) return;
      watching = on;
      generation += 1;
      release?.();
      release = null;
      if (!on) return;
      const mine = generation;
      locks
        .request(name, { mode: 'shared' }, () =>
          mine === generation
            ? new Promise<void>((resolve) => {
                release = resolve;
              })
            : undefined,
        )
        .catch(() => undefined);
    },
    async anyWatching() {
      const state = await locks.query();
      return (state.held ?? []).some((lock) => lock.name === name);
    },
  };
}

/** Without Web Locks no other agent can see this tab watch (as before: the worker never waits). */
export function localWatch(): WatchSignal {
  let watching = false;
  return {
    set: (on) => {
      watching = on;
    },
    anyWatching: () => Promise.resolve(watching),
  };
}

export function defaultWatch(name: string): WatchSignal {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? webLockWatch(locks, name) : localWatch();
}

export interface ChangeChannel {
  /** Say "look again" to every other tab. */
  post(): void;
  close(): void;
}

export interface BroadcastLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: () => void): void;
  close(): void;
}

export function changeChannel(
  name: string,
  onOtherTabChanged: () => void,
  make: ((name: string) => BroadcastLike) | null = defaultBroadcast(),
): ChangeChannel {
  if (!make) return { post: () => undefined, close: () => undefined };
  const channel = make(name);
  channel.addEventListener('message', onOtherTabChanged);
  return {
    post: () => channel.postMessage({ type: 'look-again' }),
    close: () => channel.close(),
  };
}

function defaultBroadcast(): ((name: string) => BroadcastLike) | null {
  return typeof BroadcastChannel === 'function' ? (n) => new BroadcastChannel(n) : null;
}
