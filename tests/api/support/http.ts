/**
 * Plain HTTP for black-box tests: `send` over fetch (what a browser does), `attempt` for requests
 * whose connection the server may destroy (tester faults), and `rawExchange` over a bare socket
 * for what fetch refuses to send (malformed request lines, huge headers, broken chunking).
 */
import net from 'node:net';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or `undefined` when it is not JSON. */
  body: unknown;
}

export interface SendOptions {
  token?: string | undefined;
  /** Serialized with JSON.stringify and sent as `application/json` unless `contentType` says otherwise. */
  json?: unknown;
  /** Sent as is. */
  raw?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function requestInit(method: string, o: SendOptions): RequestInit {
  const headers = new Headers(o.headers);
  if (o.token !== undefined) headers.set('authorization', `Bearer ${o.token}`);
  const init: RequestInit = { method, headers };
  if (o.json !== undefined) {
    init.body = JSON.stringify(o.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  } else if (o.raw !== undefined) {
    init.body = o.raw;
  }
  if (o.contentType !== undefined) headers.set('content-type', o.contentType);
  if (o.signal !== undefined) init.signal = o.signal;
  return init;
}

export async function send(
  base: string,
  method: string,
  path: string,
  o: SendOptions = {},
): Promise<Reply> {
  const res = await fetch(base + path, requestInit(method, o));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: parseJson(text) };
}

/** One transport try whose connection may be destroyed or aborted: the client's view of it. */
export type Attempt =
  { kind: 'reply'; reply: Reply } | { kind: 'dropped'; error: string } | { kind: 'aborted' };

export async function attempt(
  base: string,
  method: string,
  path: string,
  o: SendOptions = {},
): Promise<Attempt> {
  try {
    return { kind: 'reply', reply: await send(base, method, path, o) };
  } catch (error) {
    if (o.signal?.aborted === true) return { kind: 'aborted' };
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return { kind: 'dropped', error: `${String(error)} ${cause}` };
  }
}

export interface RawReply {
  /** 0 when the connection closed without any HTTP response. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

const HEAD_END = '\r\n\r\n';

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) return Buffer.concat(parts);
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

export function parseRaw(data: Buffer): { reply: RawReply; complete: boolean } {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return { reply: { status: 0, headers: {}, body: '' }, complete: false };
  const [statusLine = '', ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(headEnd + HEAD_END.length);
  if (headers['transfer-encoding']?.includes('chunked') === true) {
    const complete = rest.includes('0\r\n\r\n');
    return { reply: { status, headers, body: dechunk(rest).toString('utf8') }, complete };
  }
  const length = Number(headers['content-length'] ?? NaN);
  const complete = Number.isFinite(length) && rest.length >= length;
  return { reply: { status, headers, body: rest.toString('utf8') }, complete };
}

/**
 * Writes `request` verbatim to a fresh connection and reads one response. The server may answer
 * early and close while we are still writing (413, 431): what arrived is kept.
 */
export function rawExchange(base: string, request: string | Uint8Array): Promise<RawReply> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(parseRaw(Buffer.concat(chunks)).reply);
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (parseRaw(Buffer.concat(chunks)).complete) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', finish);
    // A guard against a server that never answers, not an assertion about speed.
    socket.setTimeout(15_000, finish);
    socket.write(request);
  });
}

/** Builds an HTTP/1.1 request text with `Host` and `Connection: close`. */
export function rawRequest(
  base: string,
  requestLine: string,
  headers: Record<string, string> = {},
  body: string | Buffer = '',
): Buffer {
  const url = new URL(base);
  const all: Record<string, string> = { host: url.host, connection: 'close', ...headers };
  if (body.length > 0 && all['transfer-encoding'] === undefined) {
    all['content-length'] ??= String(Buffer.byteLength(body));
  }
  const head = Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(`${requestLine}\r\n${head}\r\n`, 'latin1'), Buffer.from(body)]);
}
