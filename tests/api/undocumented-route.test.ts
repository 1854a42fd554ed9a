/**
 * The server itself checks its routes against its OpenAPI document (src/server/api-docs/
 * route-coverage.ts): with one route's entry taken out of the document, a start stops and names
 * it. Every other file that starts the server proves the opposite: all its routes are documented.
 */
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../../src/server/start';
import { BASE_ENV } from './support/server';

vi.mock('../../src/server/api-docs/openapi-paths', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/api-docs/openapi-paths')>();
  return {
    ...real,
    paths: () => {
      const { '/api/items.csv': _gone, ...rest } = real.paths();
      return rest;
    },
  };
});

describe('a route missing from the OpenAPI document', () => {
  it('stops the start, naming the route', async () => {
    await expect(startServer({ ...BASE_ENV })).rejects.toThrow(
      /^GET \/api\/items\.csv is registered but not in the OpenAPI document/,
    );
  });
});
