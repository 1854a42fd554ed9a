/**
 * A small page for real Chromium: one entry bundled with esbuild (from node_modules) and served
 * from loopback, so a suite can run client code against the browser's own IndexedDB.
 */
import { build } from 'esbuild';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestPage {
  url: string;
  close(): Promise<void>;
}

/**
 * Serve the bundle at `/`; with `api`, `/api/*` is passed through to that server, so the page and
 * the API share one origin (as when the server serves the built PWA).
 */
export async function serveBundle(entry: string, api?: string): Promise<TestPage> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = result.outputFiles[0]?.text ?? '';
  const html =
    '<!doctype html><meta charset="utf-8"><title>client test page</title><script type="module" src="/page.js"></script>';
  const server = createServer((req, res) => {
    if (api && req.url?.startsWith('/api/')) {
      const upstream = request(
        `${api}${req.url}`,
        { method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    const js = req.url === '/page.js';
    res.writeHead(js || req.url === '/' ? 200 : 404, {
      'content-type': js ? 'text/javascript' : 'text/html',
      'cache-control': 'no-store',
    });
    res.end(js ? script : req.url === '/' ? html : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
