/**
 * A server answer the device keeps (stock-takes, an item's history for Stock over time): what was
 * kept shows at once, then, online, the server's answer (which the client keeps in turn). Offline
 * nothing is asked: the request could only fail, and what was kept stands.
 */
import { useEffect, useState } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; value: T };

export interface Source<T> {
  /** What the device kept, without asking. */
  kept(): Promise<T | null>;
  /** The server's answer (kept by the client), or what was kept when it does not answer. */
  ask(): Promise<T | null>;
  /** What was kept is still the answer: nothing to ask. */
  current?(kept: T): boolean;
}

/**
 * `source` must be memoised; a new one, or a change of `key`, asks again. `of` names what is shown
 * (a stock-take's id, an item's): another one shows loading until its own answer, never the last
 * one's.
 */
export function useKeptThenAsked<T>(
  source: Source<T>,
  { of, key, offline }: { of: string; key: string; offline: boolean },
): Loaded<T> {
  const [shown, setShown] = useState<{ of: string; value: T | null } | null>(null);
  useEffect(() => {
    let live = true;
    const show = (value: T | null) => live && setShown({ of, value });
    void (async () => {
      const kept = await source.kept();
      if (offline || kept) show(kept);
      if (offline || (kept && source.current?.(kept))) return;
      show(await source.ask());
    })().catch(() => show(null));
    return () => {
      live = false;
    };
  }, [source, of, key, offline]);
  if (shown?.of !== of) return { status: 'loading' };
  return shown.value ? { status: 'ready', value: shown.value } : { status: 'unavailable' };
}
