/**
 * The files of deploy/ checked by the tools that read them in production (caddy validate, nginx -t,
 * systemd-analyze verify), the systemd unit's promises read line by line, the unit's command
 * started as systemd would start it, .env.example loaded as a production configuration, and
 * deploy/nginx.conf run in front of the server. The browser test through Caddy is
 * tests/e2e/https-caddy.test.ts.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startTestServer, type RunningServer } from '../api/support/server';
import { eventually } from '../support/eventually';
import { DEPLOY_CADDYFILE } from './support/caddy';
import { guessUntilLimited, proxyRequest } from './support/https-request';
import { nginxFiles, nginxTest, startNginx, type RunningNginx } from './support/nginx';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const UNIT = join(ROOT, 'deploy/stockroom.service');
const ENV_EXAMPLE = join(ROOT, '.env.example');

const temps: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true })));
});

/** The unit's `Key=value` lines (every value of a key, in order). */
async function unitLines(): Promise<Map<string, string[]>> {
  const lines = new Map<string, string[]>();
  for (const line of (await readFile(UNIT, 'utf8')).split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match?.[1] === undefined || match[2] === undefined) continue;
    lines.set(match[1], [...(lines.get(match[1]) ?? []), match[2]]);
  }
  return lines;
}

describe('deploy/Caddyfile', () => {
  it('is valid for caddy', async () => {
    const home = await tempDir('stockroom-caddy-validate-');
    const { stdout, stderr } = await run(
      'caddy',
      ['validate', '--config', DEPLOY_CADDYFILE, '--adapter', 'caddyfile'],
      { env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home } },
    );
    expect(`${stdout}${stderr}`).toContain('Valid configuration');
    // No "Caddyfile input is not formatted" warning: the file is as `caddy fmt` writes it.
    expect(stderr).not.toMatch(/not formatted/);
  });
});

describe('deploy/nginx.conf', () => {
  it('passes nginx -t (with a stand-in certificate where certbot puts its own)', async () => {
    const files = await nginxFiles('127.0.0.1:8080');
    temps.push(files.dir);
    const verdict = await nginxTest(files);
    expect(verdict.output).toContain('test is successful');
    expect(verdict.ok).toBe(true);
    expect(verdict.output).not.toMatch(/\[warn\]/);
  });

  describe('in front of the server', () => {
    let server: RunningServer;
    let nginx: RunningNginx;
    beforeAll(async () => {
      server = await startTestServer({ TRUST_PROXY: 'loopback', SIMULATE: '0' });
      nginx = await startNginx(await nginxFiles(new URL(server.url).host));
    });
    afterAll(async () => {
      await nginx?.stop();
      await server?.close();
    });

    it('passes an oversized body to the server, whose own 413 problem+json answers (every time)', async () => {
      for (let i = 0; i < 20; i++) {
        const reply = await proxyRequest(nginx, {
          path: '/api/session',
          body: Buffer.alloc(1024 * 1024 + 512 * 1024, 0x20),
          headers: { 'content-type': 'application/json' },
        });
        expect(reply.status).toBe(413);
        expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(reply.text)).toMatchObject({ code: 'payload-too-large' });
      }
    });

    it('names the client to the sign-in limits (X-Forwarded-For), and keeps /metrics inside', async () => {
      const first = await guessUntilLimited(nginx, 'nobody', '127.0.0.2');
      expect(first.at(-1)).toBe(429);
      expect(await guessUntilLimited(nginx, 'nobody', '127.0.0.3', 1)).toEqual([401]);
      // An X-Forwarded-For the client sends itself is replaced, so it cannot pose as another.
      const posing = await proxyRequest(nginx, {
        path: '/api/session',
        json: { username: 'nobody', password: 'wrong' },
        headers: { 'x-forwarded-for': '127.0.0.9' },
        localAddress: '127.0.0.2',
      });
      expect(posing.status).toBe(429);

      expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
      expect((await proxyRequest(nginx, { path: '/metrics' })).status).toBe(404);
    });
  });
});

describe('deploy/stockroom.service', () => {
  it('passes systemd-analyze verify without a word', async () => {
    // The unit as installed, with this machine's node where the unit says /usr/bin/node.
    const dir = await tempDir('stockroom-unit-');
    const unit = (await readFile(UNIT, 'utf8')).replace(
      /^ExecStart=\/usr\/bin\/node /m,
      `ExecStart=${process.execPath} `,
    );
    await writeFile(join(dir, 'stockroom.service'), unit);
    const { stdout, stderr } = await run('systemd-analyze', [
      'verify',
      join(dir, 'stockroom.service'),
    ]);
    expect(`${stdout}${stderr}`).toBe('');
  });

  it('runs node directly on what `npm run serve` runs, as its own user, with the env file', async () => {
    const unit = await unitLines();
    const serve = (
      JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts['serve'];
    expect(serve).toBe('tsx src/server/main.ts');
    expect(unit.get('ExecStart')).toEqual(['/usr/bin/node --import tsx src/server/main.ts']);
    expect(unit.get('WorkingDirectory')).toEqual(['/opt/stockroom']);
    expect(unit.get('EnvironmentFile')).toEqual(['/etc/stockroom/stockroom.env']);
    expect(unit.get('User')).toEqual(['stockroom']);
    expect(unit.get('Restart')).toEqual(['on-failure']);
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ReadWritePaths', '/var/lib/stockroom'],
      ['PrivateTmp', 'yes'],
      ['ProtectHome', 'yes'],
      ['UMask', '0077'],
    ] as const) {
      expect(unit.get(key), key).toEqual([value]);
    }
  });

  it("its command starts the server with .env.example's settings and stops it cleanly on SIGTERM", async () => {
    const dir = await tempDir('stockroom-unit-run-');
    const env = parseEnv(await readFile(ENV_EXAMPLE, 'utf8'));
    const file = Object.entries({
      ...env,
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dir, 'stockroom.db')}`,
      EXPORT_FILE: join(dir, 'export.jsonl'),
      STOCKROOM_SECRET: randomBytes(48).toString('base64'),
      LOG_LEVEL: 'warn',
    })
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    await writeFile(join(dir, 'stockroom.env'), `${file}\n`, { mode: 0o600 });
    const [, ...args] = ((await unitLines()).get('ExecStart')?.[0] ?? '').split(' ');
    // As systemd starts it: the unit's arguments, the settings from a file (node reads it the way
    // docs/production.md runs the commands by hand), nothing inherited but PATH.
    const child = spawn(process.execPath, [`--env-file=${join(dir, 'stockroom.env')}`, ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = once(child, 'exit');
    try {
      const line = await eventually(
        async () => output,
        (text) =>
          /Stockroom listening on http:\/\/127\.0\.0\.1:\d+/.test(text) || child.exitCode !== null,
        'the start line',
        60_000,
      );
      const url = /Stockroom listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      expect(url, output).toBeDefined();
      const health = await fetch(`${url ?? ''}/api/health`);
      expect(health.status).toBe(200);
      // Production: no demo accounts from the template's settings.
      const demo = await fetch(`${url ?? ''}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo' }),
      });
      expect(demo.status).toBe(401);
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
    }
    const [code] = (await exited) as [number | null];
    expect(code, output).toBe(0);
  });
});

describe('.env.example', () => {
  it('is a production configuration the server accepts once the secret is filled in', async () => {
    const text = await readFile(ENV_EXAMPLE, 'utf8');
    // Lines both systemd's EnvironmentFile and `node --env-file` read the same way.
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('#')) continue;
      expect(line, 'KEY=value, no quotes, no export').toMatch(/^[A-Z][A-Z0-9_]*=[^"'`\s]*$/);
    }
    const env = parseEnv(text);
    expect(env['NODE_ENV']).toBe('production');
    expect(env['TRUST_PROXY']).toBe('loopback');
    // Everything the server writes is inside the unit's ReadWritePaths.
    expect(env['DATABASE_URL']).toMatch(/^sqlite:\/var\/lib\/stockroom\//);
    expect(env['EXPORT_FILE']).toMatch(/^\/var\/lib\/stockroom\//);

    expect(loadConfig(env)).toMatchObject({ ok: false });
    const filled = loadConfig({ ...env, STOCKROOM_SECRET: randomBytes(48).toString('base64') });
    expect(filled).toMatchObject({ ok: true });
  });
});
