/**
 * Password checks take turns, so a burst of correct sign-ins does not cost the others. scrypt
 * at the production cost (N = 2^17, 128 MiB, a few hundred ms) runs on libuv's thread pool, which
 * the file system uses too: thirty checks queued at once (one account signing in as fast as its
 * limits allow) kept every thread busy, and a static file waited behind all of them (bench/
 * sign-in-burst.ts: up to 48 s on a loaded machine). So at most `slots` checks run at once, fewer
 * than the pool's threads, and the rest wait here, not in the pool: the file system always finds a
 * free thread. Waiting checks are taken by account in turn, so another person's sign-in waits for
 * at most one check per account ahead of it, not for a whole burst.
 */
export interface PasswordGate {
  /** Runs `work` (a password check or hash) when a slot is free and it is `account`'s turn. */
  run<T>(account: string, work: () => Promise<T>): Promise<T>;
}

/** libuv's pool (UV_THREADPOOL_SIZE, default 4) less two threads kept for the file system. */
export function passwordSlots(env: Record<string, string | undefined> = process.env): number {
  const pool = Number(env['UV_THREADPOOL_SIZE'] ?? '') || 4;
  return Math.max(1, pool - 2);
}

export function passwordGate(slots: number): PasswordGate {
  /** Waiting checks by account; the Map's order is the accounts' turns (first in line first). */
  const waiting = new Map<string, (() => void)[]>();
  let running = 0;

  function next(): void {
    while (running < slots) {
      const turn = waiting.entries().next();
      if (turn.done) return;
      const [account, queue] = turn.value;
      const start = queue.shift();
      // This account goes to the back of the line with whatever it still has waiting.
      waiting.delete(account);
      if (queue.length > 0) waiting.set(account, queue);
      if (start === undefined) continue;
      running += 1;
      start();
    }
  }

  return {
    async run(account, work) {
      await new Promise<void>((start) => {
        const queue = waiting.get(account);
        if (queue) queue.push(start);
        else waiting.set(account, [start]);
        next();
      });
      try {
        return await work();
      } finally {
        running -= 1;
        next();
      }
    },
  };
}
