/**
 * One HTTPS request to a reverse proxy on loopback, as a phone at `localAddress` would send it: a
 * new connection each time (so the source address is the one asked for), the proxy's name in SNI
 * and Host, and only `ca` trusted (never "accept any certificate").
 */
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';

export interface ProxyTarget {
  /** The site's name (SNI, Host, the certificate's name), e.g. `stockroom.test`. */
  name: string;
  /** The proxy's HTTPS port on 127.0.0.1. */
  port: number;
  /** The PEM of the one certificate authority trusted. */
  ca: string;
}

export interface ProxyReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came (nothing decoded, not even a Content-Encoding). */
  body: Buffer;
  text: string;
}

export interface ProxyRequest {
  method?: string;
  path: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** The source address on loopback (any of 127.0.0.0/8), standing for a phone's address. */
  localAddress?: string;
}

export function proxyRequest(target: ProxyTarget, r: ProxyRequest): Promise<ProxyReply> {
  const body = r.body ?? (r.json === undefined ? undefined : Buffer.from(JSON.stringify(r.json)));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        servername: target.name,
        ca: target.ca,
        agent: false,
        method: r.method ?? (body === undefined ? 'GET' : 'POST'),
        path: r.path,
        ...(r.localAddress === undefined ? {} : { localAddress: r.localAddress }),
        headers: {
          host: `${target.name}:${target.port}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...r.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: bytes,
            text: bytes.toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Wrong passwords for `username` from `localAddress` until the sign-in limits answer 429 (at most
 * `max` tries); returns the statuses seen. Each attempt is a new connection from that address.
 */
export async function guessUntilLimited(
  target: ProxyTarget,
  username: string,
  localAddress: string,
  max = 60,
): Promise<number[]> {
  const seen: number[] = [];
  while (seen.length < max && !seen.includes(429)) {
    const reply = await proxyRequest(target, {
      path: '/api/session',
      json: { username, password: 'not-the-password' },
      localAddress,
    });
    seen.push(reply.status);
  }
  return seen;
}
