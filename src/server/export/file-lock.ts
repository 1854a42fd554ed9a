/**
 * A lock between processes that append to one ledger file: a lock file created with O_EXCL that
 * names its holder's pid. A holder killed with -9 leaves the file behind; a waiter that finds the
 * named process gone removes it. (Two waiters that find the same dead holder at the same instant
 * could both proceed; the lock only narrows check-then-append to the rare case where two workers
 * also hold the same export row at once.)
 */
import { open, readFile, unlink } from 'node:fs/promises';

export interface LockDeps {
  pid: number;
  isAlive(pid: number): boolean;
  sleep(ms: number): Promise<void>;
}

export const processLockDeps: LockDeps = {
  pid: process.pid,
  isAlive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it exists but belongs to someone else.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export async function withFileLock<T>(
  lockPath: string,
  work: () => Promise<T>,
  deps: LockDeps = processLockDeps,
): Promise<T> {
  await acquire(lockPath, deps);
  try {
    return await work();
  } finally {
    await unlink(lockPath);
  }
}

async function acquire(lockPath: string, deps: LockDeps): Promise<void> {
  for (let round = 0; ; round++) {
    try {
      const handle = await open(lockPath, 'wx');
      try {
        await handle.writeFile(`${deps.pid}\n`);
      } finally {
        await handle.close();
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
    // An empty file is a holder between creating and naming itself: wait, it is alive.
    if (Number.isInteger(holder) && holder > 0 && !deps.isAlive(holder)) {
      await unlink(lockPath).catch(() => undefined);
      continue;
    }
    await deps.sleep(Math.min(2 + round, 20));
  }
}
