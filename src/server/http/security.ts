/**
 * Security headers on every answer of the app and the API (docs/api.md#http-hygiene), with
 * @fastify/helmet: a Content-Security-Policy that allows only the app's own scripts, styles,
 * service worker and manifest (no inline script, no eval, never framed; WebAssembly may compile,
 * for the barcode reader), the camera for the app itself (scanning), nosniff, no referrer; and
 * `no-store` on API answers, which carry one person's stock, history and tokens.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { DOCS_STYLE } from '../api-docs/docs-page';
import { isHashedSubresource } from './static';

/** The one inline element the server writes: the API reference page's stylesheet. */
const docsStyleHash = `'sha256-${createHash('sha256').update(DOCS_STYLE).digest('base64')}'`;

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the barcode reader compile its WebAssembly (served by the app itself);
  // it allows no JavaScript eval.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", docsStyleHash],
  imgSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Headers that only a document (or a worker's script) reads. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

const SUBRESOURCE_TYPE =
  /^(text\/javascript|application\/javascript|text\/css|application\/wasm)\b/;

/**
 * Powerful features: the camera for the app itself (barcode scanning), nothing else. Only features
 * browsers know: Chromium logs an error on every page load for one it does not ("Unrecognized
 * feature: 'bluetooth'"; Web Bluetooth has no policy-controlled feature there), and an unknown
 * name denies nothing anyway.
 */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=()';

/**
 * Helmet's headers, made once. They are the same for every answer, but @fastify/helmet rebuilds
 * helmet (parsing the CSP directives again) on every request: ~4% of the server's CPU per
 * operation in the ops_vs_minimal profile. So helmet answers one request on a throwaway instance
 * and its headers are copied onto every answer.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    // useDefaults off: helmet's default adds upgrade-insecure-requests, which breaks the app when
    // it is served over plain HTTP on a shop's network, and allows inline styles.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HTTPS is the terminating proxy's business; HSTS for a whole domain is the operator's call.
    strictTransportSecurity: false,
  });
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(answer.headers).flatMap(([name, value]) =>
      own.has(name) || typeof value !== 'string' ? [] : [[name, value]],
    ),
  );
}

/**
 * `no-store` by the route that answered, never by the raw URL: the router decodes and matches
 * `/%61pi/items` as `/api/items`, which a test of the raw text (`startsWith('/api/')`) let through
 * with a person's stock and no `Cache-Control` at all. `route` is the matched route's pattern
 * (undefined when none matched); problems (404s included) are never cached either.
 */
export function isPrivateAnswer(route: string | undefined, contentType: string): boolean {
  if (route !== undefined && (route === '/metrics' || route.startsWith('/api/'))) return true;
  return contentType.startsWith('application/problem+json');
}

export async function securityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  // Callback hooks: they run for every request, and an async one costs a promise each time.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?')[0] ?? '';
    // By what is sent, not only the address: a missing asset gets the shell (a document).
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode === 200 && isHashedSubresource(path) && SUBRESOURCE_TYPE.test(type)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return done(null, payload);
    }
    void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (isPrivateAnswer(request.routeOptions.url, type)) {
      void reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
