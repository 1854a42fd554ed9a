/** Generators and verdicts for the hostile-input suite (fast-check). */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ProblemCode } from '../../../src/protocol/schemas';
import type { Reply } from './http';
import { problemIssue } from './problem';

function issueOf(reply: Reply): string | null {
  return problemIssue({
    status: reply.status,
    contentType: reply.headers.get('content-type'),
    text: reply.text,
  });
}

/** A refusal with one of `codes`, well-formed. */
export function expectRefused(reply: Reply, codes: readonly ProblemCode[]): void {
  const where = `${reply.status} ${reply.text.slice(0, 300)}`;
  expect(issueOf(reply), where).toBeNull();
  expect(codes, where).toContain((reply.body as { code: ProblemCode }).code);
}

/** Anything but a server error; errors well-formed. */
export function expectNoServerError(reply: {
  status: number;
  text: string;
  contentType: string | null;
}): void {
  const where = `${reply.status} ${reply.text.slice(0, 300)}`;
  expect(reply.status, where).toBeGreaterThan(0);
  expect(reply.status, where).toBeLessThan(500);
  if (reply.status >= 400) expect(problemIssue(reply), where).toBeNull();
}

export const fromReply = (r: Reply) => ({
  status: r.status,
  text: r.text,
  contentType: r.headers.get('content-type'),
});

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ minLength: 501, maxLength: 20_000 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '😀'.repeat(100),
    'Lamp-14',
    '-x',
    'x'.repeat(65),
    'NaN',
  ),
);
export const oddValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 53, 1_000_001, -1_000_001, 1_000_000_001, 0.5, -0, 1e308),
  oddString,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Content types, mostly not JSON. */
export const contentTypes = fc.oneof(
  fc.constantFrom(
    'text/plain',
    'text/html',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'application/jsonx',
    'json',
    '*/*',
    ';;;',
    'application/json;;;',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
);

/** Byte sequences that are not UTF-8. */
export const invalidUtf8 = fc.constantFrom(
  [0xff],
  [0x80],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xfe, 0xff],
);

const segment = fc.oneof(
  fc.webSegment(),
  fc.constantFrom('%', '%zz', '%00', '%ff', '%c0%af', '..', '.', 'lamp-14', 'x'.repeat(3000)),
);
/** Paths under /api, with odd segments and queries. */
export const routePaths = fc.oneof(
  fc.array(segment, { maxLength: 4 }).map((s) => `/api/${s.join('/')}`),
  segment.map((s) => `/api/operations/${s}`),
  fc
    .tuple(segment, segment, segment)
    .map(([a, b, c]) => `/api/items/${a}/history?limit=${b}&before=${c}`),
  segment.map((s) => `/api/items?since=${s}`),
);
export const httpMethods = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');

const oddBytes = fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Buffer.from(b));
/** Request heads with odd bytes in the target, a header, the method or the version. */
export const rawHeads = fc.oneof(
  oddBytes.map((b) =>
    Buffer.concat([Buffer.from('GET /api/'), b, Buffer.from(' HTTP/1.1\r\nhost: x\r\n')]),
  ),
  oddBytes.map((b) =>
    Buffer.concat([
      Buffer.from('GET /api/health HTTP/1.1\r\nhost: x\r\nx-odd: '),
      b,
      Buffer.from('\r\n'),
    ]),
  ),
  oddBytes.map((b) => Buffer.concat([b, Buffer.from(' /api/health HTTP/1.1\r\nhost: x\r\n')])),
  oddBytes.map((b) =>
    Buffer.concat([Buffer.from('GET /api/health HTTP/'), b, Buffer.from('\r\nhost: x\r\n')]),
  ),
);

/** One route of the server's own OpenAPI document, with the names of its URL parameters. */
export interface DocumentedRoute {
  method: string;
  /** With `{name}` where a path parameter goes. */
  template: string;
  pathParams: string[];
  queryParams: string[];
}

interface OpenApiParameter {
  name: string;
  in: string;
}

/**
 * Every route the server documents (GET /api/openapi.json; src/server/api-docs/openapi.test.ts
 * holds the document to the contract's routes), so a route added later is covered here at once.
 */
export async function documentedRoutes(base: string): Promise<DocumentedRoute[]> {
  const res = await fetch(`${base}/api/openapi.json`);
  const doc = (await res.json()) as {
    paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const named = (where: string) => parameters.filter((p) => p.in === where).map((p) => p.name);
      return {
        method: method.toUpperCase(),
        template,
        pathParams: named('path'),
        queryParams: named('query'),
      };
    }),
  );
}

const urlChar = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((c) => String.fromCharCode(c));
/** Characters the text rule refuses in every string that a URL can carry (NUL, C0, DEL, C1). */
export const refusedInUrl = fc.oneof(
  fc.constant('\u0000'),
  urlChar(0x01, 0x1f),
  fc.constant('\u007f'),
  urlChar(0x80, 0x9f),
);

/** A URL part as sent (percent-encoded), and whether its decoded text breaks the text rule. */
export interface UrlValue {
  encoded: string;
  breaksTextRule: boolean;
}

const REFUSED = /\p{Cc}|\p{Cs}/u;
const ordinaryText = fc
  .oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom('lamp-14', 'L1.0', 'x'.repeat(3000), '😀', 'a/b', 'a?b', 'a#b'),
  )
  // Not a dot segment: a URL parser takes `.` and `..` away, and the route with them.
  .filter((s) => s.length > 0 && s !== '.' && s !== '..' && !REFUSED.test(s));

/** Hostile and ordinary values for a path parameter or a query parameter. */
export const urlValues: fc.Arbitrary<UrlValue> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 8 }), refusedInUrl, fc.string({ maxLength: 8 }))
    .filter(([a, , c]) => !/\p{Cs}/u.test(a + c))
    .map(([a, b, c]) => ({ encoded: encodeURIComponent(a + b + c), breaksTextRule: true })),
  ordinaryText.map((s) => ({ encoded: encodeURIComponent(s), breaksTextRule: false })),
  // Malformed or odd percent-encodings (invalid UTF-8, overlong forms, an encoded surrogate).
  fc
    .constantFrom('%', '%zz', '%ff', '%c0%af', '%ed%a0%80', '%e2%82', '%2F', '%25', '+')
    .map((encoded) => ({ encoded, breaksTextRule: false })),
);
