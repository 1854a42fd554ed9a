/**
 * Refusals of the HTTP layer itself (order of checks, step 0): oversized bodies and headers,
 * malformed request lines, broken framing. Still problem+json, never a stack trace, and nothing
 * is stored. Raw sockets, because fetch refuses to send most of these.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { rawExchange, rawRequest } from './support/http';
import type { RawReply } from './support/http';
import { adjust } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectProblem } from './support/problem';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';

const MIB = 1024 * 1024;

let server: RunningServer;
let api: Api;
let lease: LeaseHandle;
let itemId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = await signIn(server.url);
  lease = await api.lease();
  itemId = await api.newItem(lease, 10);
}, 60_000);

afterAll(async () => {
  await server.close();
});

/** A raw reply as the `Reply` that expectProblem reads. */
function asReply(raw: RawReply) {
  let body: unknown;
  try {
    body = JSON.parse(raw.body);
  } catch {
    body = undefined;
  }
  return { status: raw.status, headers: new Headers(raw.headers), text: raw.body, body };
}

/** A JSON operation body padded (inside an unknown field) to exactly `bytes` bytes. */
function bodyOfSize(bytes: number): string {
  const skeleton = JSON.stringify({ ...lease.body(adjust(itemId, 1)), pad: '' });
  return skeleton.replace('"pad":""', `"pad":"${'x'.repeat(bytes - skeleton.length)}"`);
}

function post(path: string, headers: Record<string, string>, body: string | Buffer) {
  return rawExchange(
    server.url,
    rawRequest(server.url, `POST ${path} HTTP/1.1`, headers, body),
  ).then(asReply);
}

const json = () => ({ 'content-type': 'application/json', authorization: `Bearer ${api.token}` });

describe('413 payload-too-large: over 1 MiB', () => {
  it('refuses 1 MiB + 1 byte and reads exactly 1 MiB', async () => {
    const over = bodyOfSize(MIB + 1);
    expect(Buffer.byteLength(over)).toBe(MIB + 1);
    expectProblem(await post('/api/operations', json(), over), 'payload-too-large');
    // Exactly 1 MiB is within the limit: refused for its content (the unknown field), not its size.
    const limit = bodyOfSize(MIB);
    expect(Buffer.byteLength(limit)).toBe(MIB);
    expectProblem(await post('/api/operations', json(), limit), 'invalid-request');
  });

  it('refuses an oversized chunked body that announces no length', async () => {
    const body = bodyOfSize(MIB + 4096);
    const chunk = 64 * 1024;
    let chunked = '';
    for (let at = 0; at < body.length; at += chunk) {
      const part = body.slice(at, at + chunk);
      chunked += `${part.length.toString(16)}\r\n${part}\r\n`;
    }
    chunked += '0\r\n\r\n';
    const reply = await post(
      '/api/operations/batch',
      { ...json(), 'transfer-encoding': 'chunked' },
      chunked,
    );
    expectProblem(reply, 'payload-too-large');
  });

  it('keeps the connection: the rest of the body is read, and the next request is answered', async () => {
    // What a reverse proxy does: it sends the whole body, then the next request on the same
    // connection. Closing after the 413 reset the proxy mid-upload, which then answered 502.
    const over = rawRequest(
      server.url,
      'POST /api/operations HTTP/1.1',
      { ...json(), connection: 'keep-alive' },
      bodyOfSize(MIB + MIB / 2),
    );
    const next = rawRequest(server.url, 'GET /api/health HTTP/1.1');
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise<string>((resolve) => {
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', () => socket.destroy());
      socket.setTimeout(15_000, () => socket.destroy());
    });
    socket.end(Buffer.concat([over, next]));
    const text = await ended;
    const answers = text.match(/HTTP\/1\.1 \d{3}/g);
    expect(answers).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
    expect(text).toContain('"code":"payload-too-large"');
    expect(text).toContain('{"ok":true}');
  });
});

describe('431 headers-too-large', () => {
  it('answers problem+json for 100 KB of headers', async () => {
    const request = rawRequest(server.url, 'GET /api/items HTTP/1.1', {
      authorization: `Bearer ${api.token}`,
      'x-filler': 'a'.repeat(100_000),
    });
    expectProblem(asReply(await rawExchange(server.url, request)), 'headers-too-large');
  });
});

describe('malformed requests: 400 invalid-request as problem+json', () => {
  const cases: [string, string][] = [
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n'],
    ['a method with invalid characters', 'GE(T /api/health HTTP/1.1\r\nhost: x\r\n\r\n'],
    ['a header name with a space', 'GET /api/health HTTP/1.1\r\nhost: x\r\nbad header: 1\r\n\r\n'],
    ['a header value with a NUL byte', 'GET /api/health HTTP/1.1\r\nhost: x\r\nx-a: a\0b\r\n\r\n'],
    [
      'a chunk size that is not hex',
      'POST /api/operations HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n' +
        'transfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
  ];
  for (const [name, request] of cases) {
    it(name, async () => {
      expectProblem(asReply(await rawExchange(server.url, request)), 'invalid-request');
    });
  }

  it('a body without any Content-Type is 415, nothing stored', async () => {
    const before = await api.item(itemId);
    const body = JSON.stringify(lease.body(adjust(itemId, 1)));
    const reply = await post('/api/operations', { authorization: `Bearer ${api.token}` }, body);
    expectProblem(reply, 'unsupported-media-type');
    expect(await api.item(itemId)).toEqual(before);
  });

  it('the server still serves normal requests afterwards', async () => {
    expect((await api.get('/api/items')).status).toBe(200);
  });
});
