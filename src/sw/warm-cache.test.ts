import { describe, expect, it } from 'vitest';
import { serveWarmCache } from './warm-cache';
import { READER_CACHE, WARM_READER } from './reader-files';

const ORIGIN = 'http://stockroom.test';
const WASM = 'assets/zxing_reader-New1.wasm';
const CHUNK = 'assets/wasm-detector-New2.js';
const abs = (path: string) => `${ORIGIN}/${path}`;

type Handler = (event: unknown) => void;

/** A Cache of responses by URL, filled through the worker's fetch as a browser's is. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  constructor(private readonly fetcher: (url: string) => Promise<Response>) {}
  async match(url: string): Promise<Response | undefined> {
    return this.entries.get(url)?.clone();
  }
  async add(url: string): Promise<void> {
    const response = await this.fetcher(url);
    if (!response.ok) throw new TypeError(`${url}: ${response.status}`);
    this.entries.set(url, response);
  }
  async put(url: string, response: Response): Promise<void> {
    this.entries.set(url, response);
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((u) => new Request(u));
  }
  async delete(request: Request): Promise<boolean> {
    return this.entries.delete(request.url);
  }
}

/** A service worker scope with Cache Storage, a network that counts requests, and its events. */
function worker(o: { online?: boolean; readerCache?: string[] } = {}) {
  let online = o.online ?? true;
  const fetched: string[] = [];
  const fetcher = async (input: string | Request): Promise<Response> => {
    const url = typeof input === 'string' ? input : input.url;
    fetched.push(url);
    if (!online) throw new TypeError('Failed to fetch');
    return new Response(`body of ${url}`, { status: 200 });
  };
  const caches = new Map<string, MemoryCache>();
  if (o.readerCache) {
    const cache = new MemoryCache(fetcher);
    for (const url of o.readerCache) cache.entries.set(url, new Response('old'));
    caches.set(READER_CACHE, cache);
  }
  const handlers = new Map<string, Handler[]>();
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    fetch: fetcher,
    caches: {
      has: async (name: string) => caches.has(name),
      open: async (name: string) => {
        const cache = caches.get(name) ?? new MemoryCache(fetcher);
        caches.set(name, cache);
        return cache;
      },
    },
    addEventListener: (type: string, handler: Handler) =>
      handlers.set(type, [...(handlers.get(type) ?? []), handler]),
  };
  serveWarmCache(scope as unknown as ServiceWorkerGlobalScope, {
    cache: READER_CACHE,
    message: WARM_READER,
    files: [WASM, CHUNK],
  });

  /** Dispatches an extendable event; resolves once everything it waits for has settled. */
  async function dispatch(type: string, extra: object = {}): Promise<Promise<Response> | null> {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | null = null;
    const event = {
      ...extra,
      waitUntil: (p: Promise<unknown>) => waits.push(p),
      respondWith: (r: Promise<Response>) => {
        answer = r;
      },
    };
    for (const handler of handlers.get(type) ?? []) handler(event);
    const response = answer as Promise<Response> | null;
    if (response) await response;
    while (waits.length > 0) await waits.shift();
    return response;
  }

  return {
    fetched,
    setOnline: (value: boolean) => {
      online = value;
    },
    cached: () => [...(caches.get(READER_CACHE)?.entries.keys() ?? [])].sort(),
    hasCache: () => caches.has(READER_CACHE),
    install: () => dispatch('install'),
    activate: () => dispatch('activate'),
    warm: () => dispatch('message', { data: { type: WARM_READER } }),
    request: (url: string, method = 'GET') =>
      dispatch('fetch', { request: new Request(url, { method }) }),
  };
}

describe('the service worker’s barcode reader cache', () => {
  it('a first install fetches nothing of the reader', async () => {
    const w = worker();
    await w.install();
    await w.activate();
    expect(w.fetched).toEqual([]);
    expect(w.hasCache()).toBe(false);
  });

  it('a signed-in page’s warm-up fetches each file once; asking again fetches nothing', async () => {
    const w = worker();
    await w.warm();
    expect(w.cached()).toEqual([abs(CHUNK), abs(WASM)].sort());
    await w.warm();
    expect(w.fetched.sort()).toEqual([abs(CHUNK), abs(WASM)].sort());
  });

  it('offline, a warm-up fails quietly and a later one succeeds', async () => {
    const w = worker({ online: false });
    await w.warm();
    expect(w.cached()).toEqual([]);
    w.setOnline(true);
    await w.warm();
    expect(w.cached()).toHaveLength(2);
  });

  it('serves the reader from its cache first, offline too; fills it from the network when empty', async () => {
    const w = worker();
    const first = await w.request(abs(WASM));
    expect(await (await first)?.text()).toBe(`body of ${abs(WASM)}`);
    expect(w.cached()).toEqual([abs(WASM)]);
    w.setOnline(false);
    const offline = await w.request(abs(WASM));
    expect(await (await offline)?.text()).toBe(`body of ${abs(WASM)}`);
    expect(w.fetched).toEqual([abs(WASM)]);
  });

  it('leaves every other request alone', async () => {
    const w = worker();
    expect(await w.request(`${ORIGIN}/assets/index-Abc.js`)).toBeNull();
    expect(await w.request(`${ORIGIN}/api/items`)).toBeNull();
    expect(await w.request(abs(WASM), 'HEAD')).toBeNull();
    expect(w.fetched).toEqual([]);
  });

  it('an update on a device that had a reader fetches the new one at install, and drops the old at activation', async () => {
    const old = [abs('assets/zxing_reader-Old1.wasm'), abs('assets/wasm-detector-Old2.js')];
    const w = worker({ readerCache: old });
    await w.install();
    expect(w.cached()).toEqual([...old, abs(CHUNK), abs(WASM)].sort());
    await w.activate();
    expect(w.cached()).toEqual([abs(CHUNK), abs(WASM)].sort());
  });
});
