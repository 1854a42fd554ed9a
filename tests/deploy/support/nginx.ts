/**
 * deploy/nginx.conf made runnable on this machine: the same site file with loopback high ports, a
 * stand-in certificate (openssl) and the test server as its upstream, inside a minimal main
 * configuration whose files all live in a temporary folder. `nginx -t` checks it; `startNginx`
 * runs it in the foreground.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from '../../support/eventually';
import { freePort } from './free-port';
import { proxyRequest, type ProxyTarget } from './https-request';

const run = promisify(execFile);
export const DEPLOY_NGINX = join(import.meta.dirname, '../../../deploy/nginx.conf');
/** The site's name in deploy/nginx.conf, and the certificate paths certbot would make for it. */
export const NGINX_NAME = 'stockroom.shop.example';
const CERT_DIR = `/etc/letsencrypt/live/${NGINX_NAME}`;

/** Replaces `from` in `text`, which must hold it exactly `times` times. */
function replaceExactly(text: string, from: string, to: string, times: number): string {
  const parts = text.split(from);
  if (parts.length !== times + 1) {
    throw new Error(`deploy/nginx.conf must hold "${from}" ${times} time(s)`);
  }
  return parts.join(to);
}

export interface NginxFiles extends ProxyTarget {
  dir: string;
  mainConfig: string;
}

/** Writes the site (sending to `upstream`), a certificate for it and a main configuration. */
export async function nginxFiles(upstream: string): Promise<NginxFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-nginx-'));
  const [port, httpPort] = [await freePort(), await freePort()];
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${NGINX_NAME}`,
    '-addext',
    `subjectAltName=DNS:${NGINX_NAME}`,
    '-keyout',
    join(dir, 'privkey.pem'),
    '-out',
    join(dir, 'fullchain.pem'),
  ]);
  let site = await readFile(DEPLOY_NGINX, 'utf8');
  site = replaceExactly(site, `${CERT_DIR}/fullchain.pem`, join(dir, 'fullchain.pem'), 1);
  site = replaceExactly(site, `${CERT_DIR}/privkey.pem`, join(dir, 'privkey.pem'), 1);
  site = replaceExactly(site, 'server 127.0.0.1:8080;', `server ${upstream};`, 1);
  site = replaceExactly(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`, 1);
  site = replaceExactly(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`, 1);
  // Only loopback here: the IPv6 listeners are the production file's business.
  site = site.replace(/^\s*listen \[::\]:\d+.*\n/gm, '');
  await writeFile(join(dir, 'site.conf'), site);
  const mainConfig = join(dir, 'nginx.conf');
  await writeFile(
    mainConfig,
    [
      // One process that keeps the test's user (no switch to www-data, which cannot read here).
      'master_process off;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${join(dir, 'body')};`,
      `  proxy_temp_path ${join(dir, 'proxy')};`,
      `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
      `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
      `  scgi_temp_path ${join(dir, 'scgi')};`,
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const ca = await readFile(join(dir, 'fullchain.pem'), 'utf8');
  return { dir, mainConfig, name: NGINX_NAME, port, ca };
}

/** `nginx -t` on the files: its verdict and what it said. */
export async function nginxTest(files: NginxFiles): Promise<{ ok: boolean; output: string }> {
  try {
    const { stderr } = await run('nginx', ['-t', '-c', files.mainConfig, '-p', files.dir]);
    return { ok: true, output: stderr };
  } catch (e) {
    return { ok: false, output: String((e as { stderr?: string }).stderr ?? e) };
  }
}

export interface RunningNginx extends ProxyTarget {
  stop: () => Promise<void>;
}

/** Runs nginx on the files until `stop`, once it answers the server's health through itself. */
export async function startNginx(files: NginxFiles): Promise<RunningNginx> {
  const child = spawn('nginx', ['-c', files.mainConfig, '-p', files.dir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = once(child, 'exit');
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(files.dir, { recursive: true, force: true });
  };
  const target: ProxyTarget = { name: files.name, port: files.port, ca: files.ca };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${output}`);
        return proxyRequest(target, { path: '/api/health' }).then(
          (r) => r.status,
          (e: unknown) => String(e),
        );
      },
      (status) => status === 200,
      'the server through nginx',
      60_000,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { ...target, stop };
}
