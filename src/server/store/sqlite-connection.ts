/**
 * How the SQLite store reaches its database: the file (or memory), made private before SQLite
 * opens it, with Stockroom's pragmas, migrated (sqlite-schema.ts). WAL mode with
 * `synchronous=FULL` by default, so a committed receipt survives a crash of the process and of
 * the machine.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateFile } from '../private-files';
import { checkSchema, type MigrateOptions } from './schema-check';
import { migrate, SQLITE_MIGRATIONS } from './sqlite-schema';

export interface SqliteConnectionOptions extends MigrateOptions {
  synchronous?: 'FULL' | 'NORMAL';
}

export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** The database file (or memory) with Stockroom's pragmas, migrated. */
export function openSqliteDatabase(
  url: string,
  options: SqliteConnectionOptions,
): Database.Database {
  const path = url.replace(/^sqlite:/, '');
  // MIGRATE=0 on a file that is not there (a typo in DATABASE_URL): refused before anything is made.
  if (path !== ':memory:' && options.migrate === false && !existsSync(path)) {
    checkSchema(0, SQLITE_MIGRATIONS.length, false);
  }
  if (path !== ':memory:') {
    // Only this process's user may read the database (password hashes, sessions, notes): a new
    // file is made 0600 before SQLite opens it, and SQLite gives its -wal and -shm files the
    // same mode (private-files.ts). An existing file keeps the mode its operator chose.
    ensurePrivateFile(path, dirname(path));
  }
  const db = new Database(path);
  // Before any pragma that writes (journal_mode): a newer schema is refused untouched.
  try {
    checkSchema(
      db.pragma('user_version', { simple: true }) as number,
      SQLITE_MIGRATIONS.length,
      options.migrate ?? true,
    );
  } catch (error) {
    db.close();
    throw error;
  }
  // The busy timeout first: another process starting on the same fresh file may hold the lock
  // while it switches to WAL or migrates (WORKERS=n).
  db.pragma('busy_timeout = 10000');
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  // A checkpoint (WAL pages copied into the database file, then that file fsynced) runs inside
  // the COMMIT that crosses this many WAL pages, on the server's thread. At SQLite's default
  // (1,000 pages) a stream of small commits checkpoints every ~50 group commits, copying the same
  // hot pages each time; 10,000 pages (~40 MiB of WAL) copies each hot page once per ten times as
  // many commits. Durability is the WAL's fsync at every COMMIT either way.
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.pragma('foreign_keys = ON');
  try {
    const migrated = migrate(db, options.migrate ?? true);
    options.onMigrated?.(migrated);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
