/**
 * A lean keep-alive HTTP client for sequential figures (one client, one connection). node:http with
 * a keep-alive agent costs less per request than fetch, so the client adds little to what we time.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** A figure waits this long for one answer before it fails (a hung server, not a slow one). */
const TIMEOUT_MS = 60_000;

export interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface Client {
  send(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** Like `send`, but a status other than `expected` throws with the body (a broken figure, not a slow one). */
  json<T>(
    method: string,
    path: string,
    body: unknown,
    expected: number,
    headers?: Record<string, string>,
  ): Promise<T>;
  close(): void;
}

export function httpClient(baseUrl: string): Client {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method,
          path,
          headers: {
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(TIMEOUT_MS, () =>
        req.destroy(new Error(`${method} ${path}: no answer in ${TIMEOUT_MS} ms`)),
      );
      req.on('error', reject);
      req.end(payload);
    });
  return {
    send,
    async json<T>(
      method: string,
      path: string,
      body: unknown,
      expected: number,
      headers: Record<string, string> = {},
    ): Promise<T> {
      const res = await send(method, path, body, headers);
      if (res.status !== expected) {
        throw new Error(
          `${method} ${path}: expected ${expected}, got ${res.status}: ${res.text.slice(0, 300)}`,
        );
      }
      return JSON.parse(res.text) as T;
    },
    close: () => agent.destroy(),
  };
}
