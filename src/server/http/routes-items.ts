/** Items (with `?since` deltas) and an item's history (the business journal, cursor-paged). */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { fieldErrors } from '../../protocol/schemas';
import type { AppDeps } from './app';
import { refuse } from './problem';

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

function parseQuery<T>(schema: z.ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    throw refuse('invalid-request', 'the query string is not valid; see errors', {
      errors: fieldErrors(parsed.error),
    });
  }
  return parsed.data;
}

export const itemRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/items', async (request) => {
      await request.user();
      const { since } = parseQuery(ItemsQuery, request.query);
      return deps.store.listItems(since ?? null);
    });

    app.get<{ Params: { id: string } }>('/api/items/:id/history', async (request) => {
      await request.user();
      const { limit, before } = parseQuery(HistoryQuery, request.query);
      const page = await deps.store.history(request.params.id, limit ?? 50, before ?? null);
      if (!page) throw refuse('not-found', `no item "${request.params.id}"`);
      return page;
    });
  };
