/**
 * Stock-takes (docs/http-api.md "Stock-takes"): the list, and one with its count lines and review.
 * In a blind stock-take staff get no `current`, `changesSince` or `proposed`: the server omits
 * what the app must not show the people counting.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { StocktakeDetail, StocktakeReviewLine } from '../../protocol/schemas';
import type { ReviewLine } from '../core/stocktake-decide';
import type { AppDeps } from './deps';
import { refuse } from './problem';
import { ItemIdParams, parsePart } from './request-parts';

const ID_HINT = 'the stock-take id in the URL is not valid; see errors';

export const stocktakeRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/stocktakes', async (request) => {
      await request.user();
      return { stocktakes: await deps.store.listStocktakes() };
    });

    app.get<{ Params: { id: string } }>('/api/stocktakes/:id', async (request) => {
      const user = await request.user();
      const { id } = parsePart(ItemIdParams, request.params, ID_HINT);
      const found = await deps.store.stocktake(id);
      if (!found) throw refuse('not-found', `no stock-take "${id}"`);
      const hide = found.summary.blind && user.role !== 'manager';
      const detail: StocktakeDetail = {
        ...found.summary,
        lines: found.lines,
        review: found.review.map((line) => reviewFor(line, hide)),
      };
      return detail;
    });
  };

function reviewFor(line: ReviewLine, hideExpected: boolean): StocktakeReviewLine {
  if (hideExpected) return { itemId: line.itemId, counted: line.counted };
  const { itemId, counted, changesSince, current, proposed } = line;
  return { itemId, counted, changesSince, current, proposed };
}
