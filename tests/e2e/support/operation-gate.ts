/**
 * A loopback proxy in front of the app server that watches every request about an operation
 * (`POST /api/operations`, `POST /api/operations/batch`, `GET /api/operations/{id}`): it counts,
 * per operation id, how many such requests are in flight at once, from any tab or the service
 * worker. While `hold()` is on, those requests wait at the gate until `release()`, which makes
 * "two senders at once" visible without betting on timings. Everything else passes straight through.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OperationGate {
  /** The app's address through the gate: the page's origin (and its service worker's). */
  url: string;
  /** Requests about operations wait at the gate from now on. */
  hold(): void;
  /** Lets waiting requests go on, and stops holding. */
  release(): void;
  /** Requests about `id` in flight now (waiting at the gate or at the server). */
  inFlight(id: string): number;
  /** The most requests about `id` that were ever in flight at once. */
  maxInFlight(id: string): number;
  /** Every operation id seen so far, in the order first seen. */
  seen(): string[];
  close(): Promise<void>;
}

const SINGLE = /^\/api\/operations(\/batch)?$/;
const STATUS = /^\/api\/operations\/([^/?]+)/;

/** The operation ids a request is about (none for any other request). */
function operationIds(method: string, path: string, body: Buffer): string[] {
  const status = method === 'GET' ? STATUS.exec(path) : null;
  if (status?.[1] && status[1] !== 'batch') return [decodeURIComponent(status[1])];
  if (method !== 'POST' || !SINGLE.test(path)) return [];
  try {
    const parsed = JSON.parse(body.toString('utf8')) as {
      id?: unknown;
      operations?: { id?: unknown }[];
    };
    const all = parsed.operations ?? [parsed];
    return all.map((o) => o.id).filter((id): id is string => typeof id === 'string');
  } catch {
    return [];
  }
}

export async function operationGate(target: () => string): Promise<OperationGate> {
  const now = new Map<string, number>();
  const max = new Map<string, number>();
  let holding = false;
  let waiting: (() => void)[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const to = new URL(req.url ?? '/', target());
    const upstream = request(
      to,
      { method: req.method ?? 'GET', headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const ids = operationIds(req.method ?? 'GET', path, body);
      for (const id of ids) {
        const n = (now.get(id) ?? 0) + 1;
        now.set(id, n);
        max.set(id, Math.max(n, max.get(id) ?? 0));
      }
      // Counted until the answer is complete or the browser gave up on it (abort, timeout).
      res.on('close', () => {
        for (const id of ids) now.set(id, (now.get(id) ?? 1) - 1);
      });
      if (ids.length > 0 && holding) waiting.push(() => forward(req, res, body));
      else forward(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      const go = waiting;
      waiting = [];
      for (const f of go) f();
    },
    inFlight: (id) => now.get(id) ?? 0,
    maxInFlight: (id) => max.get(id) ?? 0,
    seen: () => [...max.keys()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
