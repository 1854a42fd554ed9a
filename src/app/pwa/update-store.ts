/**
 * The service worker's registration and the "new version ready" prompt, as an external store.
 * The page keeps working on the old version until the person chooses to reload.
 */
import { Workbox } from 'workbox-window';

export interface UpdateState {
  /** A new version is installed and waiting. */
  ready: boolean;
  /** A worker is active for this page (the shell will load offline next time). */
  offlineReady: boolean;
}

let state: UpdateState = { ready: false, offlineReady: false };
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;

function set(next: Partial<UpdateState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const updateStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): UpdateState => state,
  /** Let the waiting worker take over, then reload once it controls the page. */
  apply(): void {
    if (!workbox) return;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  },
};

export async function registerServiceWorker(url: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  workbox = new Workbox(url);
  workbox.addEventListener('waiting', () => set({ ready: true }));
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate) set({ offlineReady: true });
  });
  // After the page's load event (workbox's default), so on a first visit over a slow network the
  // worker script and its precache do not compete with the sign-in screen's own download.
  const registration = await workbox.register();
  if (registration?.active) set({ offlineReady: true });
}
