/**
 * A real Caddy (Debian's `caddy`) in front of a test server, serving deploy/Caddyfile's own
 * `(stockroom)` block at a name that is not localhost, with Caddy's internal certificate authority
 * (`tls internal`), as a LAN-only shop would run it. Everything Caddy keeps (its CA among it) lives
 * in a temporary folder; nothing touches the machine's trust store (`skip_install_trust`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../support/eventually';
import { freePort } from './free-port';
import { proxyRequest, type ProxyTarget } from './https-request';

export const DEPLOY_CADDYFILE = join(import.meta.dirname, '../../../deploy/Caddyfile');
/** Where deploy/Caddyfile sends requests: the server's default listen address. */
const DEPLOYED_UPSTREAM = '127.0.0.1:8080';

/** deploy/Caddyfile's `(stockroom)` snippet, sending to `upstream` instead of 127.0.0.1:8080. */
export async function stockroomSnippet(upstream: string): Promise<string> {
  const text = await readFile(DEPLOY_CADDYFILE, 'utf8');
  const snippet = /^\(stockroom\) \{\n[\s\S]*?\n\}\n/m.exec(text)?.[0];
  if (snippet === undefined) throw new Error('deploy/Caddyfile has no (stockroom) block');
  const parts = snippet.split(DEPLOYED_UPSTREAM);
  if (parts.length !== 2) {
    throw new Error(`deploy/Caddyfile's (stockroom) block must name ${DEPLOYED_UPSTREAM} once`);
  }
  return parts.join(upstream);
}

export interface RunningCaddy extends ProxyTarget {
  /** The site's address as a browser opens it. */
  origin: string;
  /** Where Caddy's root certificate is: what a phone installs. */
  rootCertPath: string;
  /** Caddy's output so far (its JSON log lines). */
  output: () => string;
  stop: () => Promise<void>;
}

export async function startCaddy(name: string, upstream: string): Promise<RunningCaddy> {
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-caddy-'));
  const [port, httpPort] = [await freePort(), await freePort()];
  const config = join(dir, 'Caddyfile');
  await writeFile(
    config,
    [
      '{',
      '\tadmin off',
      `\thttps_port ${port}`,
      `\thttp_port ${httpPort}`,
      '\tdefault_bind 127.0.0.1',
      '\tauto_https disable_redirects',
      '\tskip_install_trust',
      '}',
      '',
      await stockroomSnippet(upstream),
      `${name} {`,
      '\ttls internal',
      '\timport stockroom',
      '}',
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(
    'caddy',
    ['run', '--config', config, '--adapter', 'caddyfile'],
    {
      env: {
        ...process.env,
        HOME: dir,
        XDG_DATA_HOME: join(dir, 'data'),
        XDG_CONFIG_HOME: join(dir, 'config'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = once(child, 'exit');
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  let spawnError: Error | null = null;
  child.on('error', (e) => (spawnError = e));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  const rootCertPath = join(dir, 'data/caddy/pki/authorities/local/root.crt');
  try {
    // Ready once its CA exists and the site answers through it with the server's health.
    await eventually(
      async () => {
        if (spawnError) throw spawnError;
        if (child.exitCode !== null) throw new Error(`caddy exited ${child.exitCode}: ${output}`);
        return existsSync(rootCertPath);
      },
      (made) => made,
      'Caddy made its root certificate',
      60_000,
    );
    // Read again at each try: the file exists before Caddy has finished writing it, and a CA read
    // empty would never verify the site.
    const target = { name, port, ca: '' };
    await eventually(
      async () => {
        target.ca = await readFile(rootCertPath, 'utf8');
        return proxyRequest(target, { path: '/api/health' }).then(
          (r) => r.status,
          (e: unknown) => String(e),
        );
      },
      (status) => status === 200,
      'the server through Caddy',
      60_000,
    );
    return {
      ...target,
      origin: `https://${name}:${port}`,
      rootCertPath,
      output: () => output,
      stop,
    };
  } catch (e) {
    await stop();
    throw new Error(`${String(e)}\n${output}`);
  }
}
