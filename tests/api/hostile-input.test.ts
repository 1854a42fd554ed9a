/**
 * Malformed input, generated (docs/testing.md#reliability-suites: ≥ 2,000 cases in `npm test`, ≥
 * 50,000 with TORTURE=1): random JSON bodies, wrong types, odd strings, random tokens and leases,
 * weird content types, bad encodings, random routes, hostile path and query parameters on every
 * documented route, and raw request heads. Never a 5xx, always problem+json with a valid code,
 * every id in a URL follows the text rule (docs/api.md#http-hygiene), and the items and their
 * history are unchanged afterwards; on SQLite and PostgreSQL alike (a NUL reaching PostgreSQL is a
 * 500).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from 'vitest';
import { BatchResponse, OperationBody } from '../../src/protocol/schemas';
import { reliability, runSeed, scaled } from '../support/reliability';
import { signIn } from './support/api';
import type { Api } from './support/api';
import {
  contentTypes,
  documentedRoutes,
  expectNoServerError,
  expectRefused,
  fromReply,
  httpMethods,
  invalidUtf8,
  oddValue,
  rawHeads,
  routePaths,
  urlValues,
  type DocumentedRoute,
  type UrlValue,
} from './support/hostile';
import { rawExchange, send } from './support/http';
import { adjust, count, createItem } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { startTestServer } from './support/server';
import type { RunningServer } from './support/server';
import { DATABASES, type SharedDatabase } from '../multi/support/databases';
import { expectFieldError } from './support/problem';

const SEED = runSeed();
const TIMEOUT = scaled(120_000, 3_000_000);

/** fast-check options for `n` cases (25× under torture), counted for the suite's summary line. */
function runs(context: TestContext, n: number): { numRuns: number; seed: number } {
  const numRuns = scaled(n, n * 25);
  const before = context.task.meta.reliability?.count ?? 0;
  reliability(context, {
    suite: 'malformed input',
    count: before + numRuns,
    unit: 'cases',
    seed: SEED,
  });
  return { numRuns, seed: SEED };
}

for (const [kind, open] of DATABASES) {
  let db: SharedDatabase;
  let server: RunningServer;
  let api: Api;
  let lease: LeaseHandle;
  let itemId: string;
  let probeId: string;

  /** Every item and every item's history: what no refused request may change. */
  async function state(): Promise<string> {
    const { items, revision } = await api.items();
    const histories = [];
    for (const item of items) histories.push(await api.history(item.id));
    return JSON.stringify({ items, revision, histories });
  }

  beforeAll(async () => {
    db = await open();
    server = await startTestServer(db.env);
    api = await signIn(server.url);
    lease = await api.lease();
    itemId = await api.newItem(lease, 10);
    probeId = lease.nextId();
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await db?.dispose();
  });

  describe(`hostile input on ${kind}`, { timeout: TIMEOUT }, () => {
    it('random JSON bodies → 400, problem+json', async (context) => {
      const before = await state();
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (json) => {
          expectRefused(await api.postOp(json), ['invalid-request', 'invalid-operation-metadata']);
        }),
        runs(context, 300),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(fc.jsonValue(), { maxLength: 8 }), async (operations) => {
          const reply = await api.batch(operations);
          if (reply.status !== 200) return expectRefused(reply, ['invalid-request']);
          for (const result of BatchResponse.parse(reply.body).results) {
            expect(result.status).toBe(400);
            expect(['invalid-request', 'invalid-operation-metadata']).toContain(
              result.problem?.code,
            );
          }
        }),
        runs(context, 100),
      );
      expect(await state()).toBe(before);
    });

    it('wrong types, odd strings, missing and unknown fields → 400 invalid-request', async (context) => {
      const before = await state();
      const skeletons = {
        adjust: () => adjust(itemId, -1, { note: 'n', allowNegative: false }),
        count: () => count(itemId, 5, 0),
        createItem: () => ({
          ...createItem('fuzz-item', 5),
          barcode: '12345670',
          lowStockThreshold: 1,
        }),
        updateItem: () => ({
          type: 'updateItem',
          itemId,
          basedOnRevision: 1,
          changes: {
            name: 'n',
            sku: 's',
            barcode: '12345670',
            location: 'l',
            lowStockThreshold: 2,
          },
        }),
        archiveItem: () => ({ type: 'archiveItem', itemId }),
      };
      const topKeys = ['id', 'lease', 'createdAt', 'op'];
      const opKeys = ['type', 'itemId', 'delta', 'reason', 'note', 'allowNegative', 'quantity'];
      const moreOpKeys = [
        'basedOnRevision',
        'sku',
        'name',
        'location',
        'initialQuantity',
        'barcode',
        'lowStockThreshold',
        'changes',
      ];
      const mutation = fc.record({
        type: fc.constantFrom('adjust', 'count', 'createItem', 'updateItem', 'archiveItem'),
        inOp: fc.boolean(),
        key: fc.oneof(
          fc.constantFrom(...topKeys, ...opKeys, ...moreOpKeys),
          fc.string({ maxLength: 12 }),
        ),
        value: fc.option(oddValue, { nil: undefined }),
      });
      await fc.assert(
        fc.asyncProperty(mutation, async ({ type, inOp, key, value }) => {
          const op: Record<string, unknown> = { ...skeletons[type]() };
          const body: Record<string, unknown> = {
            id: probeId,
            lease: lease.token,
            createdAt: '2026-11-29T17:00:00.000Z',
            op,
          };
          const target = inOp ? op : body;
          if (value === undefined) delete target[key];
          else target[key] = value;
          // What the server receives; valid bodies are not this property's business.
          const sent: unknown = JSON.parse(JSON.stringify(body));
          fc.pre(!OperationBody.safeParse(sent).success);
          expectRefused(await api.postOp(sent), ['invalid-request']);
        }),
        runs(context, 400),
      );
      expect(await state()).toBe(before);
    });

    it('random and edited lease tokens → 400 invalid-operation-metadata', async (context) => {
      const before = await state();
      const token = lease.token;
      const edited = fc
        .tuple(fc.nat({ max: token.length - 1 }), fc.string({ minLength: 1, maxLength: 1 }))
        .map(([i, c]) => token.slice(0, i) + c + token.slice(i + 1));
      const tokens = fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.base64String({ maxLength: 400 }),
        edited,
        fc.nat({ max: token.length - 1 }).map((n) => token.slice(0, n)),
        fc.string({ minLength: 1, maxLength: 20 }).map((s) => token + s),
      );
      const body = { id: probeId, op: adjust(itemId, 1) };
      await fc.assert(
        fc.asyncProperty(tokens, async (candidate) => {
          fc.pre(candidate !== token);
          expectRefused(await api.postOp({ ...body, lease: candidate }), [
            'invalid-operation-metadata',
          ]);
        }),
        runs(context, 300),
      );
      const headerSafe = fc.string({ unit: 'grapheme-ascii', maxLength: 300 });
      await fc.assert(
        fc.asyncProperty(headerSafe, async (candidate) => {
          fc.pre(candidate.trim() !== token);
          expectRefused(await api.status(probeId, candidate), ['invalid-operation-metadata']);
        }),
        runs(context, 100),
      );
      expect(await state()).toBe(before);
    });

    it('random Authorization headers → 401 unauthorized', async (context) => {
      const before = await state();
      const header = fc.oneof(
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }).map((s) => `Bearer ${s}`),
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
      );
      await fc.assert(
        fc.asyncProperty(header, async (authorization) => {
          fc.pre(!authorization.includes(api.token));
          const reply = await send(server.url, 'POST', '/api/operations', {
            headers: { authorization },
            json: { id: probeId, lease: lease.token, op: adjust(itemId, 1) },
          });
          expectRefused(reply, ['unauthorized']);
        }),
        runs(context, 150),
      );
      expect(await state()).toBe(before);
    });

    it('weird content types → 415 or 400, never applied', async (context) => {
      const before = await state();
      await fc.assert(
        fc.asyncProperty(contentTypes, fc.boolean(), async (type, validLease) => {
          // A JSON media type (with whatever parameters) may legitimately be read as JSON, so it
          // gets a lease that cannot apply; any other type stands alone between a valid body and
          // an effect.
          const isJson = (type.split(';')[0] ?? '').trim().toLowerCase() === 'application/json';
          const body = {
            id: lease.nextId(),
            lease: validLease && !isJson ? lease.token : 'x',
            op: adjust(itemId, 1),
          };
          const reply = await api.send('POST', '/api/operations', {
            raw: JSON.stringify(body),
            contentType: type,
          });
          expectRefused(reply, [
            'unsupported-media-type',
            'invalid-request',
            'invalid-operation-metadata',
          ]);
        }),
        runs(context, 200),
      );
      expect(await state()).toBe(before);
    });

    it('bad encodings: random bytes and invalid UTF-8 inside valid JSON → 400 invalid-request', async (context) => {
      const before = await state();
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), async (bytes) => {
          const reply = await api.send('POST', '/api/operations', {
            raw: bytes,
            contentType: 'application/json',
          });
          expectRefused(reply, ['invalid-request']);
        }),
        runs(context, 200),
      );
      await fc.assert(
        fc.asyncProperty(invalidUtf8, fc.nat({ max: 8 }), async (bad, at) => {
          // A valid operation with a fresh id: only the broken bytes in its note stand in the way.
          const text = JSON.stringify(lease.body(adjust(itemId, 1, { note: 'abcdefgh' })));
          const bytes = Buffer.from(text, 'utf8');
          const note = bytes.indexOf('abcdefgh') + at;
          const broken = Buffer.concat([
            bytes.subarray(0, note),
            Buffer.from(bad),
            bytes.subarray(note),
          ]);
          const reply = await api.send('POST', '/api/operations', {
            raw: new Uint8Array(broken),
            contentType: 'application/json',
          });
          expectRefused(reply, ['invalid-request']);
        }),
        runs(context, 100),
      );
      expect(await state()).toBe(before);
    });

    it('random routes, methods and queries → never a 5xx, errors are problems', async (context) => {
      const before = await state();
      await fc.assert(
        fc.asyncProperty(
          httpMethods,
          routePaths,
          fc.jsonValue({ maxDepth: 2 }),
          async (m, p, json) => {
            const resolved = new URL(server.url + p).pathname;
            fc.pre(!/^\/api\/(session|sim)(\/|$)/i.test(resolved)); // would sign out or drive the tester
            const withBody = m === 'POST' || m === 'PUT' || m === 'PATCH';
            const reply = await api.send(m, p, withBody ? { json } : {});
            expectNoServerError(fromReply(reply));
          },
        ),
        runs(context, 200),
      );
      expect(await state()).toBe(before);
    });

    it('every documented route: hostile path and query parameters → never a 5xx; ids follow the text rule', async (context) => {
      const before = await state();
      const routes = await documentedRoutes(server.url);
      expect(routes.length).toBeGreaterThanOrEqual(20);
      // Signing out would end this suite's session: that route goes without a token (401).
      const signsOut = (r: DocumentedRoute) =>
        r.method === 'DELETE' && r.template === '/api/session';
      const request = (route: DocumentedRoute, path: Record<string, string>, query: string) => {
        const target =
          route.template.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? '') + query;
        const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
        return send(server.url, route.method, target, {
          ...(signsOut(route) ? {} : { token: api.token }),
          ...(withBody ? { json: {} } : {}),
        });
      };

      // Deterministic first: a NUL (and other refused characters) in every path parameter of
      // every route (the CSV routes too) → 400 invalid-request naming the parameter.
      for (const route of routes.filter((r) => r.pathParams.length > 0)) {
        for (const bad of ['\u0000', 'lamp\u0000-14', '\u0001', '\u001b[2J', '\u007f', '\u0085']) {
          const path = Object.fromEntries(
            route.pathParams.map((n) => [n, encodeURIComponent(bad)]),
          );
          const reply = await request(route, path, '');
          expectFieldError(reply, route.pathParams[0] ?? 'id');
        }
      }

      const queryPart = fc.array(
        fc.tuple(fc.oneof(fc.constantFrom('x', 'id', 'q'), fc.webSegment()), urlValues),
        { maxLength: 2 },
      );
      const cases = fc.record({
        route: fc.constantFrom(...routes),
        path: fc.array(urlValues, { minLength: 4, maxLength: 4 }),
        documented: fc.array(fc.option(urlValues, { nil: undefined }), {
          minLength: 4,
          maxLength: 4,
        }),
        extra: queryPart,
      });
      await fc.assert(
        fc.asyncProperty(cases, async ({ route, path, documented, extra }) => {
          const pathValues: Record<string, UrlValue> = Object.fromEntries(
            route.pathParams.map((name, i) => [name, path[i] ?? path[0]!]),
          );
          const queryValues = route.queryParams.flatMap((name, i) => {
            const value = documented[i];
            return value === undefined ? [] : [[name, value] as const];
          });
          const pairs = [
            ...queryValues,
            ...extra.map(([k, v]) => [encodeURIComponent(k), v] as const),
          ];
          const query = pairs.length
            ? `?${pairs.map(([k, v]) => `${k}=${v.encoded}`).join('&')}`
            : '';
          const reply = await request(
            route,
            Object.fromEntries(Object.entries(pathValues).map(([n, v]) => [n, v.encoded])),
            query,
          );
          expectNoServerError(fromReply(reply));
          // Every id in the URL follows the text rule, on a route this manager may use.
          const broken = [
            ...Object.entries(pathValues),
            ...queryValues.map(([n, v]) => [n, v] as const),
          ].filter(([, v]) => v.breaksTextRule);
          if (broken.length > 0 && !signsOut(route)) {
            expect(reply.status, `${route.method} ${route.template}: ${reply.text}`).toBe(400);
            expectRefused(reply, ['invalid-request']);
          }
        }),
        runs(context, 300),
      );
      expect(await state()).toBe(before);
    });

    it('raw request heads with odd bytes → an HTTP answer, never a 5xx, errors are problems', async (context) => {
      const before = await state();
      await fc.assert(
        fc.asyncProperty(rawHeads, async (request) => {
          const raw = await rawExchange(
            server.url,
            Buffer.concat([request, Buffer.from('connection: close\r\n\r\n')]),
          );
          expectNoServerError({
            status: raw.status,
            text: raw.body,
            contentType: raw.headers['content-type'] ?? null,
          });
        }),
        runs(context, 100),
      );
      expect(await state()).toBe(before);
    });
  });
}
