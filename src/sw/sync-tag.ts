/** The Background Sync tag shared by the page (registers it) and the service worker (drains on it). */
export const OUTBOX_SYNC_TAG = 'stockroom-outbox';

/** Tells a waiting worker to take over (workbox-window's `messageSkipWaiting` sends this). */
export const SKIP_WAITING = 'SKIP_WAITING';
