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
