import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import {
  openApiPath,
  requireDocumentedRoutes,
  undocumented,
  UndocumentedRoute,
} from './route-coverage';

const doc = buildOpenApiDocument();

describe('undocumented', () => {
  it("reads Fastify's :params as OpenAPI's {params}", () => {
    expect(openApiPath('/api/items/:id/history.csv')).toBe('/api/items/{id}/history.csv');
    expect(openApiPath('/api/items')).toBe('/api/items');
  });

  it("names what the document lacks; a GET's HEAD twin and the app shell are not routes of the contract", () => {
    expect(undocumented(doc, ['GET', 'HEAD'], '/api/items/:id/history')).toEqual([]);
    expect(undocumented(doc, ['POST'], '/api/items')).toEqual(['POST /api/items']);
    expect(undocumented(doc, ['GET', 'HEAD'], '/api/nothing/:id')).toEqual([
      'GET /api/nothing/{id}',
      'HEAD /api/nothing/{id}',
    ]);
    expect(undocumented(doc, ['HEAD'], '/api/session')).toEqual(['HEAD /api/session']);
    expect(undocumented(doc, ['GET', 'HEAD'], '/*')).toEqual([]);
  });
});

describe('requireDocumentedRoutes (the onRoute hook)', () => {
  it('strict (development, tests): registering an undocumented route throws, a documented one not', async () => {
    const app = Fastify({ logger: false });
    requireDocumentedRoutes(app, doc, true);
    app.get('/api/items', async () => ({}));
    expect(() => app.get('/api/secret-admin', async () => ({}))).toThrow(UndocumentedRoute);
    expect(() => app.get('/api/secret-admin', async () => ({}))).toThrow(
      /^GET \/api\/secret-admin is registered but not in the OpenAPI document/,
    );
    await app.close();
  });

  it('inside a plugin too, where the routes of the server are', async () => {
    const app = Fastify({ logger: false });
    requireDocumentedRoutes(app, doc, true);
    await expect(
      app.register(async (child) => {
        child.delete('/api/items/:id', async () => ({}));
      }),
    ).rejects.toThrow(/DELETE \/api\/items\/\{id\} is registered but not/);
    await app.close();
  });

  it('production: the server starts and logs the gap as an error', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    requireDocumentedRoutes(app, doc, false);
    app.put('/api/items', async () => ({}));
    await app.ready();
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'route not in the OpenAPI document',
        routes: ['PUT /api/items'],
      }),
    );
    await app.close();
  });
});
