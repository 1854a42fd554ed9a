import { describe, expect, it } from 'vitest';
import { localWatch, webLockWatch } from './tabs';

/** Shared locks only, granted on the next turn like the browser's; `held` as `query()` reports it. */
function fakeLocks() {
  const held: { name: string }[] = [];
  const locks = {
    request(name: string, _options: LockOptions, callback: () => unknown) {
      return Promise.resolve().then(async () => {
        const lock = { name };
        held.push(lock);
        try {
          return await callback();
        } finally {
          held.splice(held.indexOf(lock), 1);
        }
      });
    },
    query: () => Promise.resolve({ held: [...held], pending: [] }),
  };
  return { locks: locks as unknown as LockManager, held };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('webLockWatch (step by step tells the service worker)', () => {
  it('holds the lock while watching, and lets it go when told', async () => {
    const { locks } = fakeLocks();
    const tab = webLockWatch(locks, 'stockroom:watching');
    const worker = webLockWatch(locks, 'stockroom:watching');
    tab.set(true);
    tab.set(true); // no second hold
    await settle();
    expect(await worker.anyWatching()).toBe(true);
    tab.set(false);
    await settle();
    expect(await worker.anyWatching()).toBe(false);
  });

  it('a grant that arrives after "stop watching" is let go at once', async () => {
    const { locks, held } = fakeLocks();
    const tab = webLockWatch(locks, 'stockroom:watching');
    tab.set(true);
    tab.set(false);
    tab.set(true);
    await settle();
    expect(held).toHaveLength(1);
    tab.set(false);
    await settle();
    expect(held).toHaveLength(0);
  });

  it('another name is not watching', async () => {
    const { locks } = fakeLocks();
    webLockWatch(locks, 'stockroom:sender').set(true);
    await settle();
    expect(await webLockWatch(locks, 'stockroom:watching').anyWatching()).toBe(false);
  });
});

describe('localWatch', () => {
  it('is seen by itself only', async () => {
    const watch = localWatch();
    watch.set(true);
    expect(await watch.anyWatching()).toBe(true);
    watch.set(false);
    expect(await watch.anyWatching()).toBe(false);
  });
});
