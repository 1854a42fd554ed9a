/**
 * The OpenAPI 3.1 document of docs/api.md, generated from the shared zod schemas with zod 4's
 * `z.toJSONSchema`, so the documented shapes are the validated ones. OpenAPI 3.1 schemas are JSON
 * Schema 2020-12, zod's default target. Cross-references between named schemas become `$ref`s.
 */
import { z } from 'zod';
import { COMPONENTS } from './openapi-components';
import { paths, TESTER } from './openapi-paths';

type Json = Record<string, unknown>;
export type OpenApiDocument = Json;

function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, s]) => {
      const { $schema: _schema, $id: _id, ...rest } = s as Json;
      return [id, rest];
    }),
  );
}

export function buildOpenApiDocument(version = '1.0.0'): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Stockroom API',
      version,
      description:
        'Idempotent inventory operations. Errors are application/problem+json (RFC 9457); timestamps ' +
        'are ISO 8601 UTC with milliseconds; every response carries X-Request-Id (the attempt id).',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the API is served from the origin that serves this document (and the app).
    servers: [{ url: '/', description: 'This server' }],
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [
      { name: 'authentication', description: 'Signing in and out: bearer tokens.' },
      {
        name: 'operations',
        description: 'Leases, idempotent stock operations and their status; health and probes.',
      },
      { name: 'items', description: 'The catalogue and each item’s history, as JSON or CSV.' },
      {
        name: 'stock-takes',
        description: 'Stock-takes: their count lines and the review per item.',
      },
      { name: 'documentation', description: 'This document, as JSON and as an HTML page.' },
      { name: 'tester', description: TESTER },
    ],
    paths: paths(),
    components: {
      schemas: componentSchemas(),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}
