/** Time, injected: the system clock in the app, a manual one in tests (fake time). */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** An id from the injected random source: 20 base-36 characters (about 103 bits). */
export function randomId(random: () => number, length = 20): string {
  let id = '';
  for (let i = 0; i < length; i++) id += Math.floor(random() * 36).toString(36);
  return id;
}
