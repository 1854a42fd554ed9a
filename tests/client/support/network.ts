/** A network switch for tests: `online`/`offline` events on demand, and a fetch that obeys it. */
import type { NetworkEvents, NetworkHandlers } from '../../../src/client/connectivity';

export class ManualNetwork implements NetworkEvents {
  private handlers = new Set<NetworkHandlers>();
  online = true;
  /** Requests sent and not yet answered (a harness moves fake time only while one waits). */
  inFlight = 0;

  /** Count a request while it waits for its response. */
  track(response: Promise<Response>): Promise<Response> {
    this.inFlight++;
    return response.finally(() => {
      this.inFlight--;
    });
  }

  isOnline(): boolean {
    return this.online;
  }

  subscribe(handlers: NetworkHandlers): () => void {
    this.handlers.add(handlers);
    return () => this.handlers.delete(handlers);
  }

  set(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    for (const h of this.handlers) {
      if (online) h.online();
      else h.offline();
    }
  }

  /** Whether the tab is in front of a person. */
  shown = true;

  isVisible(): boolean {
    return this.shown;
  }

  /** "The tab became visible." */
  visible(): void {
    this.shown = true;
    for (const h of this.handlers) h.visible();
  }

  /** "The tab went to the background." */
  hidden(): void {
    this.shown = false;
    for (const h of this.handlers) h.hidden();
  }
}

/**
 * A fetch for a server that may move (restarts pick a new port) and a network that may be off.
 * The client talks to `http://stockroom.test`; this routes it to wherever the server is now.
 */
export function routedFetch(
  target: () => string,
  network: Pick<ManualNetwork, 'isOnline' | 'track'>,
): typeof fetch {
  return (input, init) => {
    if (!network.isOnline()) return Promise.reject(new TypeError('Failed to fetch (offline)'));
    const url = String(input instanceof Request ? input.url : input).replace(
      'http://stockroom.test',
      target(),
    );
    return network.track(fetch(url, init));
  };
}

/** The operation ids a request carries (a batch's or a single operation's body). */
export function operationIdsIn(init: RequestInit | undefined): string[] {
  if (typeof init?.body !== 'string') return [];
  const body = JSON.parse(init.body) as { id?: string; operations?: { id: string }[] };
  return body.operations?.map((o) => o.id) ?? (body.id === undefined ? [] : [body.id]);
}
