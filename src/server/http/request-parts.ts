/**
 * The parts of a request URL (path parameters, the query string) checked with a schema, the one
 * way every route does it: whatever does not fit is `400 invalid-request` with field errors, before
 * any store sees it. Every id in a URL follows the text rule (docs/api.md#http-hygiene): a NUL
 * that reached PostgreSQL would be a 500.
 */
import { z } from 'zod/mini';
import { fieldErrors } from '../../protocol/field-errors';
import { safeText } from '../../protocol/text';
import { refuse } from './problem';

/** `{id}` of an item's URLs: any text may name an item that does not exist (404), not any string. */
export const ItemIdParams = z.strictObject({ id: safeText() });
export const ITEM_ID_HINT = 'the item id in the URL is not valid; see errors';

export function parsePart<T>(schema: z.core.$ZodType<T>, value: unknown, hint: string): T {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw refuse('invalid-request', hint, { errors: fieldErrors(parsed.error) });
  return parsed.data;
}
