/** Opens the store `DATABASE_URL` names (the server and the `users` and `migrate` commands share this). */
import type { Config } from '../config';
import type { Migrated } from './schema-check';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './store';

export type StoreSettings = Pick<
  Config,
  | 'databaseUrl'
  | 'databaseDirectUrl'
  | 'pgPooler'
  | 'pgPoolSize'
  | 'sqliteSynchronous'
  | 'groupCommit'
  | 'migrate'
>;

/**
 * How the commands (`users`, `migrate`) reach PostgreSQL, from the settings the server reads
 * (config.ts validates them at its start): behind a pooler too, and migrations on
 * DATABASE_DIRECT_URL when set. Two connections are plenty for a command.
 */
export function commandConnection(
  env: Record<string, string | undefined>,
): Pick<StoreSettings, 'databaseDirectUrl' | 'pgPooler' | 'pgPoolSize'> {
  return {
    databaseDirectUrl: env['DATABASE_DIRECT_URL'] || null,
    pgPooler: env['PG_POOLER'] === 'transaction' ? 'transaction' : 'none',
    pgPoolSize: 2,
  };
}

export async function openStore(
  settings: StoreSettings,
  onMigrated?: (migrated: Migrated) => void,
): Promise<Store> {
  const url = settings.databaseUrl;
  const migration = { migrate: settings.migrate, ...(onMigrated ? { onMigrated } : {}) };
  if (url.startsWith('sqlite:')) {
    return openSqliteStore(url, {
      synchronous: settings.sqliteSynchronous,
      groupCommit: settings.groupCommit,
      ...migration,
    });
  }
  const { openPostgresStore } = await import('./postgres-store');
  return openPostgresStore(url, {
    ...migration,
    pooler: settings.pgPooler,
    poolSize: settings.pgPoolSize,
    ...(settings.databaseDirectUrl ? { directUrl: settings.databaseDirectUrl } : {}),
  });
}
