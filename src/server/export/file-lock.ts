/**
 * A lock between processes that append to one ledger file: a lock file that names its holder's pid
 * from the moment it exists (written beside it first, then hard-linked into place, which fails if
 * the lock exists). A holder killed with -9 leaves the file behind; a waiter that finds the named
 * process gone removes it. (Creating the lock empty and naming the holder afterwards would leave an
 * unnamed lock, and every waiter stuck, when the holder dies in between: the export kill -9 suite
 * found exactly that.) (Two waiters that find the same dead holder at the same instant
 * could both proceed; the lock only narrows check-then-append to the rare case where two workers
 * also hold the same export row at once.)
 */
import { link, readFile, unlink, writeFile } from 'node:fs/promises';

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

/** Makes each attempt's named file unique, also between two sinks of one process. */
let attempts = 0;

async function acquire(lockPath: string, deps: LockDeps): Promise<void> {
  attempts += 1;
  const named = `${lockPath}.${deps.pid}.${attempts}`;
  await writeFile(named, `${deps.pid}\n`);
  try {
    for (let round = 0; ; round++) {
      try {
        await link(named, lockPath);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      // No holder to read: the lock was released between our attempt and the read; try again.
      if (Number.isInteger(holder) && holder > 0 && !deps.isAlive(holder)) {
        await unlink(lockPath).catch(() => undefined);
        continue;
      }
      await deps.sleep(Math.min(2 + round, 20));
    }
  } finally {
    await unlink(named).catch(() => undefined);
  }
}
