import { describe, expect, it } from 'vitest';
import { OUTCOMES } from '../../protocol/schemas';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './openapi';

/** Every route of docs/api.md#routes (method + path), plus the documentation itself. */
const ROUTES = [
  'get /api/health',
  'get /livez',
  'get /readyz',
  'post /api/session',
  'delete /api/session',
  'get /api/users',
  'post /api/users',
  'patch /api/users/{name}',
  'post /api/leases',
  'post /api/operations',
  'post /api/operations/batch',
  'get /api/operations/{id}',
  'get /api/items',
  'get /api/items/{id}/history',
  'get /api/stocktakes',
  'get /api/stocktakes/{id}',
  'get /api/items.csv',
  'get /api/items/{id}/history.csv',
  'get /api/places',
  'get /api/stock.csv',
  'get /api/diagnostics',
  'get /metrics',
  'post /api/sim/faults',
  'get /api/sim/faults',
  'delete /api/sim/faults',
  'delete /api/sim/faults/{id}',
  'post /api/sim/clock',
  'get /api/sim/clock',
  'post /api/sim/cleanup',
  'get /api/sim/timeline',
  'get /api/openapi.json',
  'get /api/docs',
];

type Json = Record<string, unknown>;
const doc = buildOpenApiDocument();
const paths = doc['paths'] as Record<string, Record<string, Json>>;
const schemas = (doc['components'] as { schemas: Record<string, Json> }).schemas;

function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [v] : refs(v),
  );
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and covers exactly the routes of the contract', () => {
    expect(doc['openapi']).toBe('3.1.0');
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual([...ROUTES].sort());
  });

  it('resolves every $ref to a component schema', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(20);
    for (const r of all) {
      expect(r).toMatch(/^#\/components\/schemas\//);
      expect(schemas[r.split('/').pop() ?? ''], r).toBeDefined();
    }
  });

  it('takes the shapes from the zod schemas (receipt fields, outcomes, strict request bodies)', () => {
    const receipt = schemas['Receipt'] as { properties: Json; required: string[] };
    expect(Object.keys(receipt.properties)).toEqual([
      'operationId',
      'outcome',
      'reason',
      'itemId',
      // Only in the receipts of place operations (docs/api.md#places): not required.
      'placeId',
      'delta',
      'resultingQuantity',
      'itemRevision',
      'recordedAt',
      'compacted',
    ]);
    expect(receipt.required).toHaveLength(9);
    expect((receipt.properties['outcome'] as { enum: string[] }).enum).toEqual([...OUTCOMES]);
    expect(schemas['AdjustOp']).toMatchObject({ additionalProperties: false });
    expect(refs(schemas['OperationBody'])).toContain('#/components/schemas/Op');
    expect(refs(schemas['Op']).sort()).toEqual(
      [
        'AdjustOp',
        'ApplyStocktakeOp',
        'ArchiveItemOp',
        'ArchivePlaceOp',
        'CancelStocktakeOp',
        'CountOp',
        'CreateItemOp',
        'CreatePlaceOp',
        'StartStocktakeOp',
        'StocktakeCountOp',
        'TransferOp',
        'UpdateItemOp',
        'UpdatePlaceOp',
      ].map((name) => `#/components/schemas/${name}`),
    );
    expect(refs(schemas['UpdateItemOp'])).toContain('#/components/schemas/ItemChanges');
    expect(Object.keys((schemas['Item'] as { properties: Json }).properties)).toEqual(
      expect.arrayContaining(['barcode', 'lowStockThreshold', 'archived']),
    );
    expect((schemas['Receipt'] as { properties: Json }).properties['reason']).toMatchObject({
      anyOf: expect.arrayContaining([
        expect.objectContaining({ enum: expect.arrayContaining(['stale-edit', 'not-allowed']) }),
      ]),
    });
  });

  it('documents problems as application/problem+json and the replay header', () => {
    const post = paths['/api/operations']?.['post'] as { responses: Record<string, Json> };
    expect(Object.keys(post.responses).sort()).toEqual(
      ['200', '201', '400', '401', '410', '413', '415', '422', '503'].sort(),
    );
    expect(JSON.stringify(post.responses['422'])).toContain('application/problem+json');
    expect(JSON.stringify(post.responses['200'])).toContain('Idempotent-Replayed');
    const health = paths['/api/health']?.['get'] as { security: unknown[] };
    expect(health.security).toEqual([]);
  });
});

describe('docs page', () => {
  const html = renderDocsPage(doc);

  it('lists every route and schema as plain HTML, with no script and nothing from elsewhere', () => {
    for (const route of ROUTES) {
      const [method, path] = route.split(' ');
      expect(html).toContain(`${method?.toUpperCase()} ${path}`);
    }
    for (const name of Object.keys(schemas)) expect(html).toContain(`id="schema-${name}"`);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  it('escapes what it shows', () => {
    const page = renderDocsPage({
      openapi: '3.1.0',
      info: { title: '<b>x</b>', version: '1' },
      paths: { '/a': { get: { summary: '"q" & <i>', responses: {} } } },
    });
    expect(page).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(page).toContain('&quot;q&quot; &amp; &lt;i&gt;');
    expect(page).not.toContain('<b>x</b>');
  });
});
