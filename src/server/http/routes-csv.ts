/**
 * CSV for spreadsheets (docs/api.md#http-hygiene): every item (archived ones too), the stock per
 * item and place (docs/api.md#places), and one item's history. Streamed page by page, so a large
 * catalogue never sits in memory as one string.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { HistoryResponse } from '../../protocol/schemas';
import type { Store } from '../store/store';
import type { AppDeps } from './deps';
import {
  csvLines,
  ITEM_CSV_COLUMNS,
  itemCsvRow,
  STOCK_CSV_COLUMNS,
  stockCsvRows,
  type CsvValue,
} from '../../protocol/csv';
import { refuse } from './problem';
import { ITEM_ID_HINT, ItemIdParams, parsePart } from './request-parts';

const HISTORY_COLUMNS = [
  'recordedAt',
  'operationId',
  'user',
  'reason',
  'delta',
  'resultingQuantity',
  'note',
] as const;
const ITEMS_PAGE = 500;
const HISTORY_PAGE = 200;

async function* itemPages(store: Store): AsyncGenerator<CsvValue[][]> {
  let after: string | null = null;
  for (;;) {
    const page = await store.catalogue(after, ITEMS_PAGE);
    yield page.map(itemCsvRow);
    const last = page[page.length - 1];
    if (page.length < ITEMS_PAGE || !last) return;
    after = last.id;
  }
}

/** Every item (archived ones too) by id, one row per place where it has stock. */
async function* stockPages(store: Store): AsyncGenerator<CsvValue[][]> {
  const { places } = await store.listPlaces(null);
  const names = new Map(places.map((p) => [p.id, p.name]));
  const placeName = (id: string) => names.get(id) ?? id;
  let after: string | null = null;
  for (;;) {
    const page = await store.catalogue(after, ITEMS_PAGE);
    yield page.flatMap((item) => stockCsvRows(item, placeName));
    const last = page[page.length - 1];
    if (page.length < ITEMS_PAGE || !last) return;
    after = last.id;
  }
}

/** Newest first, as the history screen; the first page is read before the answer starts. */
async function* historyPages(
  store: Store,
  itemId: string,
  first: HistoryResponse,
): AsyncGenerator<CsvValue[][]> {
  let page: HistoryResponse | null = first;
  while (page) {
    yield page.entries.map((e) => [
      e.recordedAt,
      e.operationId,
      e.userName,
      e.reason,
      e.delta,
      e.resultingQuantity,
      e.note,
    ]);
    page = page.next === null ? null : await store.history(itemId, HISTORY_PAGE, page.next);
  }
}

function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  pages: AsyncIterable<CsvValue[][]>,
): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8; header=present')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(csvLines(header, pages), { objectMode: false }));
}

export const csvRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/items.csv', async (request, reply) => {
      await request.user();
      return sendCsv(reply, 'items.csv', ITEM_CSV_COLUMNS, itemPages(deps.store));
    });

    app.get('/api/stock.csv', async (request, reply) => {
      await request.user();
      return sendCsv(reply, 'stock.csv', STOCK_CSV_COLUMNS, stockPages(deps.store));
    });

    app.get<{ Params: { id: string } }>('/api/items/:id/history.csv', async (request, reply) => {
      await request.user();
      const { id: itemId } = parsePart(ItemIdParams, request.params, ITEM_ID_HINT);
      const first = await deps.store.history(itemId, HISTORY_PAGE, null);
      if (!first) throw refuse('not-found', `no item "${itemId}"`);
      // Item ids are [a-z0-9-] (the shape every item is created with): safe in a file name.
      return sendCsv(
        reply,
        `history-${itemId}.csv`,
        HISTORY_COLUMNS,
        historyPages(deps.store, itemId, first),
      );
    });
  };
