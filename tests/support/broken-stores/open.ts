/**
 * The deliberately broken stores the safety suites run against, to prove they can fail: a suite
 * that passes on the real store must catch each of these. Opened like src/server/store/open-store.ts
 * and handed to the server through `TestHooks.openStore` (tests/api/support/server.ts,
 * tests/multi/support/variant-server.ts). Never used outside tests.
 *
 *   no-dedup            a repeated id is decided and applied again (no lookup, no claim)
 *   receipt-outside-tx  the receipt commits on its own, outside its effect's transaction
 */
import { assertNever } from '../../../src/protocol/assert-never';
import type { StoreSettings } from '../../../src/server/store/open-store';
import { openSqliteStore } from '../../../src/server/store/sqlite-store';
import type { Store } from '../../../src/server/store/store';
import { override } from './override';
import { openBrokenPostgresStore } from './postgres';
import { noDedup, receiptOutsideTx } from './sqlite';

export const BROKEN_VARIANTS = ['no-dedup', 'receipt-outside-tx'] as const;
export type BrokenVariant = (typeof BROKEN_VARIANTS)[number];

export const isBrokenVariant = (value: unknown): value is BrokenVariant =>
  BROKEN_VARIANTS.some((v) => v === value);

export async function openBrokenStore(
  settings: StoreSettings,
  variant: BrokenVariant,
): Promise<Store> {
  const store = await open(settings, variant);
  // The pipeline's early lookup (operations.ts, step 4) finds nothing either, or it would replay.
  return variant === 'no-dedup' ? override(store, { findOperation: async () => null }) : store;
}

async function open(settings: StoreSettings, variant: BrokenVariant): Promise<Store> {
  const url = settings.databaseUrl;
  if (!url.startsWith('sqlite:')) {
    return openBrokenPostgresStore(url, variant, {
      pooler: settings.pgPooler,
      poolSize: settings.pgPoolSize,
      ...(settings.databaseDirectUrl ? { directUrl: settings.databaseDirectUrl } : {}),
    });
  }
  const options = { synchronous: settings.sqliteSynchronous, groupCommit: settings.groupCommit };
  switch (variant) {
    case 'no-dedup':
      return openSqliteStore(url, { ...options, apply: noDedup });
    case 'receipt-outside-tx':
      return openSqliteStore(url, { ...options, apply: receiptOutsideTx });
    default:
      return assertNever(variant);
  }
}
