/** `npm run backup` / `npm run restore` against DATABASE_URL: the store kind decides how. */
import { DEFAULT_DATABASE_URL } from '../config';
import { splitSchema } from '../store/postgres-store';
import { BackupRefused, type BackupResult, type RestoreResult } from './backup-errors';
import { backupPostgres } from './postgres-backup';
import { restorePostgres } from './postgres-restore';
import { backupSqlite } from './sqlite-backup';
import { restoreSqlite } from './sqlite-restore';

/**
 * The database the commands work on. PostgreSQL through DATABASE_DIRECT_URL when it is set:
 * pg_dump's exported snapshot and restore's exclusive serving lock each hold a session, which a
 * transaction pooler (PG_POOLER=transaction) cannot give. The schema stays DATABASE_URL's.
 */
export function databaseUrlOf(env: Record<string, string | undefined>): string {
  const url = env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  if (!url.startsWith('sqlite:') && !/^postgres(ql)?:\/\//.test(url)) {
    throw new BackupRefused('DATABASE_URL: use sqlite:<path> or postgres://…');
  }
  const direct = env['DATABASE_DIRECT_URL'];
  if (!direct || url.startsWith('sqlite:')) return url;
  if (!/^postgres(ql)?:\/\//.test(direct)) {
    throw new BackupRefused('DATABASE_DIRECT_URL: use postgres://…');
  }
  const { schema } = splitSchema(url);
  const target = new URL(splitSchema(direct).url);
  if (schema !== null) target.searchParams.set('schema', schema);
  return target.toString();
}

export function takeBackup(databaseUrl: string, file: string): Promise<BackupResult> {
  return databaseUrl.startsWith('sqlite:')
    ? backupSqlite(databaseUrl, file)
    : backupPostgres(databaseUrl, file);
}

export function restoreBackup(databaseUrl: string, file: string): Promise<RestoreResult> {
  return databaseUrl.startsWith('sqlite:')
    ? restoreSqlite(databaseUrl, file)
    : restorePostgres(databaseUrl, file);
}
