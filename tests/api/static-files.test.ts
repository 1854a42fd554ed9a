/**
 * docs/api.md#http-hygiene: the built app served pre-compressed (brotli, gzip) by Accept-Encoding,
 * hashed build assets `immutable`, the shell, service worker and manifest `no-cache`. The app here
 * is a handful of small fake files in a temp dir, compressed by the build's own step
 * (scripts/precompress.ts), so the bytes on the wire can be compared with the files.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { startTestServer, type RunningServer } from './support/server';

const HASHED_JS = 'assets/index-AbC_12-z.js';
const HASHED_CSS = 'assets/index-Zz9yXw8v.css';
const HASHED_SVG = 'assets/logo-Ab12Cd34.svg';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dir: string;
let server: RunningServer;

/** Compressible, and larger than the step's minimum. */
const text = (line: string) => Array.from({ length: 60 }, (_, i) => `${line} ${i}\n`).join('');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stockroom-static-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>t</title>\n${text('<!-- x -->')}`);
  writeFileSync(join(dir, 'sw.js'), text('self.addEventListener("fetch", () => {});'));
  writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: text('Stockroom') }));
  writeFileSync(join(dir, HASHED_JS), text('console.log("app");'));
  writeFileSync(join(dir, HASHED_CSS), text('body { color: black; }'));
  writeFileSync(
    join(dir, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${text('<g/>')}</svg>`,
  );
  writeFileSync(join(dir, 'icons/icon.png'), Buffer.alloc(1000, 7));
  writeFileSync(join(dir, HASHED_SVG), `<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>`);
  await precompressDir(dir);
  server = await startTestServer({ STATIC_DIR: dir });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is kept as it came over the wire (fetch would decode it). */
function get(path: string, acceptEncoding?: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding
      ? { 'accept-encoding': acceptEncoding }
      : {};
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const file = (path: string) => readFileSync(join(dir, path));

describe('the build step', () => {
  it('writes .br and .gz beside compressible files only', () => {
    for (const f of [
      HASHED_JS,
      HASHED_CSS,
      'index.html',
      'sw.js',
      'manifest.webmanifest',
      'favicon.svg',
    ]) {
      expect(existsSync(join(dir, `${f}.br`)), f).toBe(true);
      expect(existsSync(join(dir, `${f}.gz`)), f).toBe(true);
    }
    expect(existsSync(join(dir, 'icons/icon.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'icons/icon.png.gz'))).toBe(false);
  });
});

describe('pre-compressed files by Accept-Encoding', () => {
  it('sends brotli when the client takes it, gzip when only that, identity otherwise', async () => {
    const br = await get(`/${HASHED_JS}`, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(file(`${HASHED_JS}.br`))).toBe(true);
    const gz = await get(`/${HASHED_JS}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(file(`${HASHED_JS}.gz`))).toBe(true);
    for (const accept of [undefined, 'identity', 'deflate']) {
      const plain = await get(`/${HASHED_JS}`, accept);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.body.equals(file(HASHED_JS)), String(accept)).toBe(true);
    }
  });

  it('keeps the content type of the file it stands for, and varies by Accept-Encoding', async () => {
    const types: [string, RegExp][] = [
      [`/${HASHED_JS}`, /^(text|application)\/javascript; charset=utf-8$/],
      [`/${HASHED_CSS}`, /^text\/css; charset=utf-8$/],
      ['/index.html', /^text\/html; charset=utf-8$/],
      ['/sw.js', /^(text|application)\/javascript; charset=utf-8$/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
      ['/favicon.svg', /^image\/svg\+xml/],
    ];
    for (const [path, type] of types) {
      for (const accept of ['br', 'gzip', undefined]) {
        const reply = await get(path, accept);
        expect(reply.status, path).toBe(200);
        expect(reply.headers['content-type'], `${path} ${accept}`).toMatch(type);
        expect(reply.headers['vary'], path).toMatch(/accept-encoding/i);
        expect(Number(reply.headers['content-length']), path).toBe(reply.body.length);
      }
    }
  });

  it('sends the shell compressed from the SPA fallback too', async () => {
    const reply = await get('/items/some-item', 'br');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.body.equals(file('index.html.br'))).toBe(true);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends files that have no sibling as they are', async () => {
    const reply = await get('/icons/icon.png', 'br, gzip');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.body.equals(file('icons/icon.png'))).toBe(true);
  });
});

describe('Cache-Control', () => {
  it('makes hashed assets immutable for a year, whatever the encoding', async () => {
    for (const path of [HASHED_JS, HASHED_CSS]) {
      for (const accept of ['br', 'gzip', undefined]) {
        expect((await get(`/${path}`, accept)).headers['cache-control']).toBe(IMMUTABLE);
      }
    }
  });

  it('revalidates the shell, the service worker, the manifest and unhashed files every time', async () => {
    for (const path of [
      '/',
      '/index.html',
      '/items',
      '/sw.js',
      '/manifest.webmanifest',
      '/favicon.svg',
      '/icons/icon.png',
    ]) {
      for (const accept of ['br', undefined]) {
        expect((await get(path, accept)).headers['cache-control'], `${path} ${accept}`).toBe(
          'no-cache',
        );
      }
    }
  });
});

describe('security headers by kind of file', () => {
  it('a hashed script or stylesheet keeps nosniff, Referrer-Policy and CORP, not the document-only headers', async () => {
    for (const path of [HASHED_JS, HASHED_CSS]) {
      for (const accept of ['br', undefined]) {
        const { headers } = await get(`/${path}`, accept);
        const what = `${path} ${accept}`;
        expect(headers['x-content-type-options'], what).toBe('nosniff');
        expect(headers['referrer-policy'], what).toBe('no-referrer');
        expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
        for (const name of [
          'content-security-policy',
          'permissions-policy',
          'x-frame-options',
          'cross-origin-opener-policy',
          'x-xss-protection',
        ]) {
          expect(headers[name], `${what} ${name}`).toBeUndefined();
        }
      }
    }
  });

  it('documents, the service worker and anything that could be opened as a page keep them all', async () => {
    for (const path of ['/', '/items', '/index.html', '/sw.js', '/favicon.svg', `/${HASHED_SVG}`]) {
      const { headers } = await get(path, 'br');
      expect(headers['content-security-policy'], path).toMatch(/default-src 'self'/);
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['permissions-policy'], path).toMatch(/camera=\(self\)/);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('a missing hashed address gets the shell, with every header', async () => {
    const { status, headers } = await get('/assets/gone-Zz9yXw8v.js', 'br');
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/html/);
    expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(headers['x-frame-options']).toBe('DENY');
  });
});
