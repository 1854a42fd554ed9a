/**
 * `npm run dev` (scripts/dev.ts) as a developer runs it: Vite serves the app from source (its
 * client, React refresh, the entry module transformed for the browser) and passes `/api` on to the real API
 * started beside it; SIGTERM stops both, exit 0.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';

const ROOT = resolve(import.meta.dirname, '../..');
const READY = /Stockroom dev: the app on (http:\/\/\S+\/) \(API (http:\/\/\S+),/;

describe('npm run dev', () => {
  it('serves the app from source with the API behind /api, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: 'sqlite::memory:', DEV_PORT: '0', NODE_ENV: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = once(child, 'exit');
    try {
      const ready = await eventually(
        async () => output,
        (text) => READY.test(text) || child.exitCode !== null,
        'the dev line',
        90_000,
      );
      const [, app = '', api = ''] = READY.exec(ready) ?? [];
      expect(app, output).toMatch(/^http:\/\/localhost:\d+\/$/);

      const page = await fetch(app);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('/@vite/client');
      expect(html).toContain('<div id="root"></div>');
      const entry = await fetch(new URL('src/app/main.tsx', app));
      expect(entry.status).toBe(200);
      expect(entry.headers.get('content-type')).toMatch(/javascript/);
      // Transformed by Vite (TypeScript and JSX gone, its env injected), not the file as it is.
      expect(await entry.text()).toContain('import.meta.env = {');

      // /api through Vite's proxy reaches the API: the demo account signs in.
      expect(await (await fetch(new URL('api/health', app))).json()).toEqual({ ok: true });
      const session = await fetch(new URL('api/session', app), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo' }),
      });
      expect(session.status).toBe(200);
      expect(api).not.toBe(app);
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
    }
    const [code] = (await exited) as [number | null];
    expect(code, output).toBe(0);
  });
});
