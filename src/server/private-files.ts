/**
 * Files only the server's own user may read (docs/api.md#http-hygiene): the data folder `0700`;
 * the database, the lease secret and the export ledger `0600`. The modes are set explicitly after
 * creating, so they do not depend on the umask the server was started with (a umask of 000 would
 * otherwise leave a folder made without a mode `0777`). Something that exists already keeps the
 * mode its operator chose.
 */
import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** `dir` and any missing parent, each new one `0700`. */
export function ensurePrivateDir(dir: string): void {
  const target = resolve(dir);
  const created = mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (created === undefined) return;
  // mkdirSync answers the first folder it made; every folder from there down to `dir` is new.
  for (let at = target; ; at = dirname(at)) {
    chmodSync(at, PRIVATE_DIR_MODE);
    if (at === resolve(created) || at === dirname(at)) break;
  }
}

/** Creates `file` empty and `0600` unless it exists; its folder as ensurePrivateDir. */
export function ensurePrivateFile(file: string, dir: string): void {
  ensurePrivateDir(dir);
  if (existsSync(file)) return;
  let fd: number;
  try {
    fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    // Another process made it in the meantime (WORKERS=n): theirs is made the same way.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
}
