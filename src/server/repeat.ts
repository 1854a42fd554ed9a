/**
 * Runs a task every `intervalMs`, for any interval: a single JavaScript timer waits at most
 * 2^31−1 ms (~24.8 days), so longer waits are chained. Runs never overlap.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function repeat(intervalMs: number, task: () => Promise<unknown>): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const wait = (remaining: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        if (remaining > MAX_TIMER_MS) return wait(remaining - MAX_TIMER_MS);
        task()
          .catch(() => undefined)
          .finally(() => wait(intervalMs));
      },
      Math.min(remaining, MAX_TIMER_MS),
    );
    timer.unref();
  };
  wait(intervalMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
