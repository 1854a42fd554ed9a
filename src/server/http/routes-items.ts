/** Items (with `?since` deltas) and an item's history (the business journal, cursor-paged). */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { fieldErrors } from '../../protocol/field-errors';
import { safeText } from '../../protocol/text';
import type { AppDeps } from './deps';
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

/** Any text may name an item that does not exist (404), but text that breaks the rule is a 400. */
const HistoryParams = z.strictObject({ id: safeText() });

function parseQuery<T>(schema: z.ZodType<T>, query: unknown, what = 'the query string'): T {
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    throw refuse('invalid-request', `${what} is not valid; see errors`, {
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
      const { id } = parseQuery(HistoryParams, request.params, 'the item id in the URL');
      const { limit, before } = parseQuery(HistoryQuery, request.query);
      const page = await deps.store.history(id, limit ?? 50, before ?? null);
      if (!page) throw refuse('not-found', `no item "${id}"`);
      return page;
    });
  };
