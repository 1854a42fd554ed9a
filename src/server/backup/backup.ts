/** `npm run backup` / `npm run restore` against DATABASE_URL: the store kind decides how. */
import { DEFAULT_DATABASE_URL } from '../config';
import { BackupRefused, type BackupResult, type RestoreResult } from './backup-errors';
import { backupPostgres } from './postgres-backup';
import { restorePostgres } from './postgres-restore';
import { backupSqlite } from './sqlite-backup';
import { restoreSqlite } from './sqlite-restore';

export function databaseUrlOf(env: Record<string, string | undefined>): string {
  const url = env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  if (!url.startsWith('sqlite:') && !/^postgres(ql)?:\/\//.test(url)) {
    throw new BackupRefused('DATABASE_URL: use sqlite:<path> or postgres://…');
  }
  return url;
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
