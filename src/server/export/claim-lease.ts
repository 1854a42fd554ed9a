/**
 * How long a claimed export row belongs to the worker that claimed it. Another worker takes the row
 * only after the claim lapses (its worker died or stalled), so with several workers each row is
 * normally delivered once; the sink's deduplication by effect id covers the rare second delivery.
 * A worker must deliver and record a claimed batch well within this time.
 */
export const EXPORT_CLAIM_MS = 60_000;
