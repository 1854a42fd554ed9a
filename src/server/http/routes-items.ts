/**
 * Items and places (with `?since` deltas) and an item's history (the business journal,
 * cursor-paged).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from './deps';
import { refuse } from './problem';
import { ITEM_ID_HINT, ItemIdParams, parsePart } from './request-parts';

const count = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,15})$/, 'must be a whole number')
  .transform(Number);
const ItemsQuery = z.strictObject({ since: count.optional() });
const HistoryQuery = z.strictObject({
  limit: count.pipe(z.number().min(1).max(200)).optional(),
  before: z
    .string()
    .regex(/^[0-9]{1,16}$/, 'must be a cursor from a previous page')
    .optional(),
});

const QUERY_HINT = 'the query string is not valid; see errors';

export const itemRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/items', async (request) => {
      await request.user();
      const { since } = parsePart(ItemsQuery, request.query, QUERY_HINT);
      return deps.store.listItems(since ?? null);
    });

    app.get('/api/places', async (request) => {
      await request.user();
      const { since } = parsePart(ItemsQuery, request.query, QUERY_HINT);
      return deps.store.listPlaces(since ?? null);
    });

    app.get<{ Params: { id: string } }>('/api/items/:id/history', async (request) => {
      await request.user();
      const { id } = parsePart(ItemIdParams, request.params, ITEM_ID_HINT);
      const { limit, before } = parsePart(HistoryQuery, request.query, QUERY_HINT);
      const page = await deps.store.history(id, limit ?? 50, before ?? null);
      if (!page) throw refuse('not-found', `no item "${id}"`);
      return page;
    });
  };
