/** Opens the store `DATABASE_URL` names (the server and the `users` command share this). */
import type { Config } from '../config';
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
>;

export async function openStore(settings: StoreSettings): Promise<Store> {
  const url = settings.databaseUrl;
  if (url.startsWith('sqlite:')) {
    return openSqliteStore(url, {
      synchronous: settings.sqliteSynchronous,
      groupCommit: settings.groupCommit,
    });
  }
  const { openPostgresStore } = await import('./postgres-store');
  return openPostgresStore(url, {
    pooler: settings.pgPooler,
    poolSize: settings.pgPoolSize,
    ...(settings.databaseDirectUrl ? { directUrl: settings.databaseDirectUrl } : {}),
  });
}
