/**
 * Asks the browser for a Background Sync while work is unsent, so the service worker can drain the
 * outbox after the last tab closes. Chromium only; elsewhere the tabs drain on their own.
 */
import { useEffect } from 'react';
import { OUTBOX_SYNC_TAG } from '../../sw/sync-tag';

/** Background Sync is not in TypeScript's DOM library. */
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

async function requestDrain(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration &
    SyncRegistration;
  // Refused (permission, private mode) means only that the tabs keep draining: nothing to show.
  await registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

export function useBackgroundDrain(unsentCount: number): void {
  const pending = unsentCount > 0;
  useEffect(() => {
    if (!pending) return undefined;
    void requestDrain();
    const onHide = (): void => {
      if (document.visibilityState === 'hidden') void requestDrain();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  }, [pending]);
}
