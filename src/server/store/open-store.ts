/** Opens the store `DATABASE_URL` names (the server and the `users` and `migrate` commands share this). */
import type { Config } from '../config';
import type { Migrated } from './schema-check';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './store';

export type StoreSettings = Pick<
  Config,
  'databaseUrl' | 'sqliteSynchronous' | 'groupCommit' | 'migrate'
>;

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
  return openPostgresStore(url, migration);
}
