/**
 * `npm run backup` on SQLite: SQLite's online backup API from a connection of its own, never a
 * file copy (a copy of a live WAL database is not a database). Small steps: between them the
 * server's writers go on (in WAL mode a reader never holds a writer anyway). A write by another
 * connection makes SQLite start the copy over at the next step; each start-over doubles the step,
 * so under constant writes the copy still ends (at worst in one step, one read snapshot, which in
 * WAL mode still holds no writer up).
 *
 * The copy is checked (`PRAGMA integrity_check`) and stamped with its snapshot time
 * (`database_identity.backup_taken_at`, written into the copy only) before it is renamed into place.
 */
import Database from 'better-sqlite3';
import { chmod, rename, rm } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../private-files';
import { BackupRefused, type BackupResult } from './backup-errors';
import { fsyncFile } from './fsync';

/** 256 pages of 4 KiB: about a millisecond per step. */
const FIRST_STEP_PAGES = 256;
const MAX_STEP_PAGES = 0x7fff_ffff;

export function sqlitePath(databaseUrl: string): string {
  const path = databaseUrl.replace(/^sqlite:/, '');
  if (path === ':memory:' || path === '') {
    throw new BackupRefused('DATABASE_URL names a memory database: there is nothing to back up');
  }
  return path;
}

export async function backupSqlite(
  databaseUrl: string,
  file: string,
  now: () => number = Date.now,
): Promise<BackupResult> {
  const path = sqlitePath(databaseUrl);
  let source: Database.Database;
  try {
    source = new Database(path, { fileMustExist: true });
  } catch (error) {
    throw new BackupRefused(`cannot open the database ${path}: ${(error as Error).message}`);
  }
  const partial = `${file}.partial-${process.pid}`;
  await rm(partial, { force: true });
  try {
    source.pragma('busy_timeout = 10000');
    let step = FIRST_STEP_PAGES;
    let remaining = Number.POSITIVE_INFINITY;
    // The time before the step that completes the copy: nothing changed from the last start-over
    // to the end, so the copy is the database as it was then.
    let lastStepAt = now();
    await source.backup(partial, {
      progress: ({ remainingPages }) => {
        if (remainingPages > remaining) step = Math.min(step * 2, MAX_STEP_PAGES);
        remaining = remainingPages;
        lastStepAt = now();
        return step;
      },
    });
    const takenAt = new Date(lastStepAt).toISOString();
    const operations = stampCopy(partial, takenAt);
    // A backup holds what the database holds (password hashes, sessions): its owner only.
    await chmod(partial, PRIVATE_FILE_MODE);
    await fsyncFile(partial);
    await rename(partial, file);
    return { file, operations, takenAt };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
}

/** Checks the copy, records its snapshot time in it, makes it one self-contained file. */
function stampCopy(copyPath: string, takenAt: string): number {
  const copy = new Database(copyPath, { fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed PRAGMA integrity_check: ${String(check)}`);
    const hasIdentity = copy
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'database_identity'")
      .get();
    if (!hasIdentity) {
      throw new BackupRefused(
        'the database has not been migrated to this version yet: start this version of the ' +
          'server once (it migrates on start), then back it up',
      );
    }
    copy.pragma('journal_mode = DELETE');
    copy.prepare('UPDATE database_identity SET backup_taken_at = ? WHERE id = 1').run(takenAt);
    const row = copy.prepare('SELECT count(*) AS n FROM operations').get() as { n: number };
    return row.n;
  } finally {
    copy.close();
  }
}
