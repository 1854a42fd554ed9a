/**
 * zod issues → the `errors` list of a 400 problem, in zod's English words ("Too small: expected
 * string to have >=1 characters"): the server's side of the protocol schemas.
 *
 * The schemas are written with `zod/mini` (./schemas.ts), which, unlike classic zod, sets no
 * locale: without one every issue would read "Invalid input". A message is made when a schema
 * refuses a value, so the locale must be set before any request is checked; importing this module
 * (every server route that reports field errors does) sets it. The page and the service worker do
 * not import it: their checks report no zod words to people, and English zod words are not worth
 * shipping to them.
 */
import { z } from 'zod/mini';
import type { FieldError } from './schemas';

z.config(z.locales.en());

export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.map((i) => ({
    path: i.path.map(String).join('.') || '(body)',
    message: i.message,
  }));
}
