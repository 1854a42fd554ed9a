/** Opens the store `DATABASE_URL` names (the server and the `users` command share this). */
import type { Config } from '../config';
import { openSqliteStore, type SqliteOptions } from './sqlite-store';
import type { Store } from './store';

export type StoreSettings = Pick<Config, 'databaseUrl' | 'sqliteSynchronous' | 'groupCommit'>;
export type BrokenVariant = NonNullable<SqliteOptions['brokenVariant']>;

export async function openStore(settings: StoreSettings, variant?: BrokenVariant): Promise<Store> {
  const url = settings.databaseUrl;
  if (url.startsWith('sqlite:')) {
    return openSqliteStore(url, {
      synchronous: settings.sqliteSynchronous,
      groupCommit: settings.groupCommit,
      ...(variant ? { brokenVariant: variant } : {}),
    });
  }
  const { openPostgresStore } = await import('./postgres-store');
  return openPostgresStore(url, variant ? { brokenVariant: variant } : {});
}
