/**
 * `npm run restore` on SQLite. In order: the backup is checked on a private copy (integrity, a
 * schema this version knows, made by `npm run backup`); the copy gets a new epoch and the backup's
 * snapshot time (`restored_from_taken_at`); the live database must have no other connection (an
 * exclusive lock: every process that has the file open in WAL mode holds a shared lock on it, so a
 * running server, even idle, makes the attempt fail at once); then, while that lock is held, the
 * live file is kept as `<file>.before-restore-<ISO>` (a hard link) and the copy renamed over it:
 * the database path names the old file or the restored one, never nothing.
 */
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, link, rename, rm, stat } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../private-files';
import Database from 'better-sqlite3';
import { SQLITE_MIGRATIONS } from '../store/sqlite-schema';
import { BackupRefused, newerSchema, type RestoreResult } from './backup-errors';
import { fsyncDir, fsyncFile } from './fsync';
import { sqlitePath } from './sqlite-backup';

export const newEpoch = (): string => randomBytes(16).toString('hex');

export async function restoreSqlite(
  databaseUrl: string,
  file: string,
  now: () => number = Date.now,
): Promise<RestoreResult> {
  const path = sqlitePath(databaseUrl);
  try {
    await stat(file);
  } catch {
    throw new BackupRefused(`the backup ${file} does not exist`);
  }
  const staged = `${path}.restoring-${process.pid}`;
  await rm(staged, { force: true });
  await copyFile(file, staged);
  // The copy takes the backup file's mode; the live database is its owner's only, whatever that was.
  await chmod(staged, PRIVATE_FILE_MODE);
  try {
    const epoch = newEpoch();
    const takenAt = prepareCopy(staged, file, epoch);
    await fsyncFile(staged);
    const keptAs = await swapIn(path, staged, now);
    return { file, takenAt, epoch, keptAs };
  } finally {
    await rm(staged, { force: true });
  }
}

/** Checks the staged copy of the backup and gives it its new identity; returns its snapshot time. */
function prepareCopy(staged: string, file: string, epoch: string): string {
  let copy: Database.Database;
  try {
    copy = new Database(staged, { fileMustExist: true });
  } catch (error) {
    throw new BackupRefused(`${file} is not a database: ${(error as Error).message}`);
  }
  try {
    let check: unknown;
    try {
      check = copy.pragma('integrity_check', { simple: true });
    } catch (error) {
      throw new BackupRefused(`${file} is not a database: ${(error as Error).message}`);
    }
    if (check !== 'ok') {
      throw new BackupRefused(`${file} fails its integrity check: ${String(check)}`);
    }
    const version = copy.pragma('user_version', { simple: true }) as number;
    if (version > SQLITE_MIGRATIONS.length) throw newerSchema(version, SQLITE_MIGRATIONS.length);
    const stamped = copy
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'database_identity'")
      .get()
      ? (copy.prepare('SELECT backup_taken_at FROM database_identity WHERE id = 1').get() as
          { backup_taken_at: string | null } | undefined)
      : undefined;
    const takenAt = stamped?.backup_taken_at ?? null;
    if (takenAt === null) {
      throw new BackupRefused(`${file} was not made by npm run backup (it has no snapshot time)`);
    }
    copy.pragma('journal_mode = DELETE');
    copy
      .prepare(
        `UPDATE database_identity
         SET epoch = ?, restored_from_taken_at = ?, backup_taken_at = NULL WHERE id = 1`,
      )
      .run(epoch, takenAt);
    return takenAt;
  } finally {
    copy.close();
  }
}

/** Replaces the live database in one rename while no other connection has it open. */
async function swapIn(path: string, staged: string, now: () => number): Promise<string | null> {
  const exists = await stat(path).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await rename(staged, path);
    await fsyncDir(path);
    return null;
  }
  const live = new Database(path, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 0');
    try {
      live.pragma('locking_mode = EXCLUSIVE');
      live.exec('BEGIN EXCLUSIVE');
      live.prepare('SELECT count(*) FROM sqlite_master').get();
      live.exec('COMMIT');
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') {
        throw new BackupRefused(
          `a server is using ${path}: stop it (every process of it) before restoring`,
        );
      }
      throw error;
    }
    // Everything of the WAL into the file, the WAL removed: a -wal left beside the path would be
    // replayed into the restored database.
    live.pragma('journal_mode = DELETE');
    for (const suffix of ['-wal', '-shm']) await rm(path + suffix, { force: true });
    const keptAs = `${path}.before-restore-${new Date(now()).toISOString()}`;
    await link(path, keptAs);
    await rename(staged, path);
    await fsyncDir(path);
    return keptAs;
  } finally {
    live.close();
  }
}
