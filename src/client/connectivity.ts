/**
 * Connectivity and page-visibility events, injected: the browser's `online`/`offline` and
 * `visibilitychange` in the app; a manual switch in tests; "always online" where neither exists
 * (a service worker asks for one round and is done).
 */
export interface NetworkHandlers {
  online(): void;
  offline(): void;
  visible(): void;
  hidden(): void;
}

export interface NetworkEvents {
  isOnline(): boolean;
  /** Whether the page is in front of a person (absent: always, as in tests). */
  isVisible?(): boolean;
  subscribe(handlers: NetworkHandlers): () => void;
}

export function browserNetwork(): NetworkEvents {
  const win = typeof window === 'undefined' ? null : window;
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return {
    isOnline: () => nav?.onLine ?? true,
    isVisible: () => win?.document.visibilityState === 'visible',
    subscribe(handlers) {
      if (!win) return () => undefined;
      const online = () => handlers.online();
      const offline = () => handlers.offline();
      const visibility = () => {
        if (win.document.visibilityState === 'visible') handlers.visible();
        else handlers.hidden();
      };
      win.addEventListener('online', online);
      win.addEventListener('offline', offline);
      win.document.addEventListener('visibilitychange', visibility);
      return () => {
        win.removeEventListener('online', online);
        win.removeEventListener('offline', offline);
        win.document.removeEventListener('visibilitychange', visibility);
      };
    },
  };
}

/** The client's view of the events: one subscription, released on close. */
export class NetworkWatch {
  private unsubscribe: () => void = () => undefined;
  private constructor(private readonly events: NetworkEvents) {}

  /** Not listening yet: the owner subscribes once it is ready to handle events. */
  static idle(events: NetworkEvents): NetworkWatch {
    return new NetworkWatch(events);
  }

  listen(handlers: NetworkHandlers): void {
    this.unsubscribe();
    this.unsubscribe = this.events.subscribe(handlers);
  }

  isOnline(): boolean {
    return this.events.isOnline();
  }

  isVisible(): boolean {
    return this.events.isVisible?.() ?? true;
  }

  close(): void {
    this.unsubscribe();
  }
}
