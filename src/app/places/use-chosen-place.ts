/**
 * The **Place** chosen on Items (docs/client.md#places), kept per device (localStorage, like the
 * other device preferences): `all` for **All places**, else a place id. Every screen that shows
 * or changes stock reads it; changes made with **All places** chosen are at `main`.
 */
import { useSyncExternalStore } from 'react';
import { MAIN_PLACE } from '../../protocol/schemas';
import { defaultPreferences } from '../../client/preferences';

export const ALL_PLACES = 'all';
const KEY = 'stockroom:place';
const listeners = new Set<() => void>();

function read(): string {
  try {
    return defaultPreferences()?.getItem(KEY) ?? ALL_PLACES;
  } catch {
    return ALL_PLACES;
  }
}

export function chooseThePlace(placeId: string): void {
  try {
    defaultPreferences()?.setItem(KEY, placeId);
  } catch {
    // Not remembered (storage blocked or full): it still applies until the page reloads.
  }
  memory = placeId;
  listeners.forEach((l) => l());
}

let memory: string | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen place (`all` or an id), and where a change made now goes. */
export function useChosenPlace(): { chosen: string; changesAt: string } {
  const chosen = useSyncExternalStore(subscribe, () => memory ?? read());
  return { chosen, changesAt: chosen === ALL_PLACES ? MAIN_PLACE : chosen };
}
