/**
 * Polls `read` until `accept` holds: the one wait on a state outside the code under test (a page,
 * a server's timeline, a process's output). The deadline only bounds a hang: generous, so a machine
 * busy with other work is slow, not failing.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T = await read();
  while (!accept(last)) {
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}
