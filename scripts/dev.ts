/**
 * `npm run dev`: the app from Vite's dev server (hot reload, no service worker) with the real API
 * beside it in this process (src/server/start.ts), Vite passing `/api` on to it. Settings as for
 * `npm run serve` (DATABASE_URL, default data/stockroom.db with the demo accounts on SQLite);
 * LOG_LEVEL defaults to `warn` here, so the request lines do not bury Vite's (the lifecycle lines
 * still show). DEV_PORT: Vite's port (default 5173; 0 takes a free one). Ctrl-C stops both.
 */
import { createServer } from 'vite';
import { startServer } from '../src/server/start';

const env = { LOG_LEVEL: 'warn', ...process.env };
// The API on a free loopback port of its own: only Vite's proxy talks to it.
const api = await startServer({ ...env, HOST: '127.0.0.1', PORT: '0' });
const before = new Set(process.listeners('SIGTERM'));
const vite = await createServer({
  server: {
    port: Number(process.env['DEV_PORT'] ?? '5173'),
    strictPort: process.env['DEV_PORT'] !== undefined,
    proxy: { '/api': api.url },
  },
});
// Vite's own SIGTERM handler exits (code 143) once Vite has closed, while the API may still be
// closing its store: ours below closes both, then exits 0.
for (const listener of process.listeners('SIGTERM')) {
  if (!before.has(listener)) process.off('SIGTERM', listener);
}
await vite.listen();
const url = vite.resolvedUrls?.local[0] ?? '(no local address)';
console.log(`Stockroom dev: the app on ${url} (API ${api.url}, its /api through Vite)`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  Promise.all([vite.close(), api.close()]).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
