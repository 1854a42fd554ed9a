/** What this device remembers outside IndexedDB: the Tester panel's "Step by step" switch. */

/** The slice of `Storage` a device preference needs. */
export interface Preferences {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STEP_BY_STEP_KEY = 'stockroom:step-by-step';

/** This device's localStorage, or null where the browser blocks it (the delivery list too). */
export function defaultPreferences(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage blocked by the browser's settings: the switch (or list) still works, for this visit.
    return null;
  }
}

export function stepByStepRemembered(preferences: Preferences | null): boolean {
  return preferences?.getItem(STEP_BY_STEP_KEY) === 'on';
}

export function rememberStepByStep(preferences: Preferences | null, on: boolean): void {
  try {
    preferences?.setItem(STEP_BY_STEP_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered (storage full or blocked): it still applies to this visit.
  }
}
