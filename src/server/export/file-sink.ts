/**
 * The default export sink: an append-only JSON-lines ledger (`EXPORT_FILE`), one effect per line,
 * that never holds an effect id twice, even after a crash between writing and recording:
 *
 *   lock ──► catch up (read what this or another process appended since; cut a torn last line)
 *        ──► append the effects whose ids are not in the ledger ──► fsync ──► unlock
 *
 * A torn last line can only come from a writer that died mid-append; it was never acknowledged,
 * so the row is still pending in the outbox and will be delivered again.
 *
 * Unlike the webhook, a batch here is one append: it is accepted whole (one fsync) or not at all,
 * and a retried batch skips every id the ledger already holds, so a failure never writes an
 * accepted effect twice and there is no per-effect progress to record.
 *
 * Rotation (EXPORT_FILE_MAX_SIZE): an append that would take the file past `maxBytes` first
 * renames it to `<file>.<n>` (n = 1, 2, … in time order; ./ledger.ts) and starts a new one, under
 * the same lock. The ledger is every one of those files: the ids of the rotated ones are read too
 * (they never change again), so an effect delivered again after a rotation, a crash or a restore
 * is still not written twice. Another process's rotation shows as a new file at `<file>`: then
 * everything is read again.
 */
import { open, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { processLockDeps, withFileLock, type LockDeps } from './file-lock';
import { rotatedLedgerFiles, rotatedName } from './ledger';
import type { Effect, Sink } from './sink';
import { ensurePrivateFile } from '../private-files';

const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

export interface FileSink extends Sink {
  /** The effect ids the ledger held when it was last read (tests and diagnostics). */
  has(effectId: string): boolean;
}

/** EXPORT_FILE_MAX_SIZE's default: a file a text editor and `grep` still handle with ease. */
export const DEFAULT_LEDGER_MAX_BYTES = 64 * 1024 * 1024;

export async function openFileSink(
  path: string,
  lockDeps: LockDeps = processLockDeps,
  maxBytes = DEFAULT_LEDGER_MAX_BYTES,
): Promise<FileSink> {
  const dir = dirname(path);
  // The ledger holds every effect's payload (notes, user names): its owner's alone.
  ensurePrivateFile(path, dir);
  const sink = new LedgerFile(path, lockDeps, maxBytes);
  await sink.deliver([]); // reads the existing ledger (and repairs a torn tail) before any work
  await syncDirectory(dir); // the file's directory entry is durable too
  return sink;
}

class LedgerFile implements FileSink {
  readonly kind = 'file' as const;
  private readonly ids = new Set<string>();
  /** Bytes of the file at `path` already read into `ids`. */
  private offset = 0;
  /** Which file `offset` is in (its inode): another process's rotation puts a new one there. */
  private inode: number | null = null;
  /** The rotated files whose ids are in `ids` (they never change once rotated). */
  private readonly rotatedRead = new Set<number>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly lockDeps: LockDeps,
    private readonly maxBytes: number,
  ) {}

  has(effectId: string): boolean {
    return this.ids.has(effectId);
  }

  deliver(effects: readonly Effect[]): Promise<void> {
    const run = this.queue.then(() =>
      withFileLock(`${this.path}.lock`, () => this.appendNew(effects), this.lockDeps),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.queue;
  }

  private async appendNew(effects: readonly Effect[]): Promise<void> {
    let handle = await open(this.path, 'a+');
    try {
      await this.catchUp(handle);
      await this.readRotated();
      const fresh = new Map<string, string>();
      for (const e of effects) {
        if (!this.ids.has(e.effectId) && !fresh.has(e.effectId)) fresh.set(e.effectId, line(e));
      }
      if (fresh.size === 0) return;
      const bytes = Buffer.from([...fresh.values()].join(''));
      if (this.offset > 0 && this.offset + bytes.length > this.maxBytes) {
        await handle.close();
        handle = await this.rotate();
      }
      await handle.write(bytes);
      await handle.datasync();
      fresh.forEach((_, id) => this.ids.add(id));
      this.offset += bytes.length;
    } finally {
      await handle.close();
    }
  }

  /** `<file>` becomes the next `<file>.<n>`; a new, empty `<file>` (durable entries both). */
  private async rotate(): Promise<FileHandle> {
    const taken = await rotatedLedgerFiles(this.path);
    const next = (taken.at(-1)?.n ?? 0) + 1;
    await rename(this.path, rotatedName(this.path, next));
    // Its ids are all in `ids` already: catchUp read the file to its end.
    this.rotatedRead.add(next);
    ensurePrivateFile(this.path, dirname(this.path));
    const handle = await open(this.path, 'a+');
    await syncDirectory(dirname(this.path));
    this.offset = 0;
    this.inode = (await handle.stat()).ino;
    return handle;
  }

  /** The ids of rotated files not read yet (on open, and after another process rotated). */
  private async readRotated(): Promise<void> {
    for (const { n, path } of await rotatedLedgerFiles(this.path)) {
      if (this.rotatedRead.has(n)) continue;
      const handle = await open(path, 'r');
      try {
        const { size } = await handle.stat();
        await this.readIds(handle, 0, size);
      } finally {
        await handle.close();
      }
      this.rotatedRead.add(n);
    }
  }

  private async catchUp(handle: FileHandle): Promise<void> {
    const { size, ino } = await handle.stat();
    if (size < this.offset || (this.inode !== null && ino !== this.inode)) {
      // Rotated by another process, or replaced or truncated by someone: start over from every
      // file rather than trust what we remember.
      this.ids.clear();
      this.rotatedRead.clear();
      this.offset = 0;
    }
    this.inode = ino;
    const end = await this.readIds(handle, this.offset, size);
    this.offset = end;
    if (end < size) await handle.truncate(end);
  }

  /** Reads the complete lines between `from` and `size` into `ids`; returns where the last one ends. */
  private async readIds(handle: FileHandle, from: number, size: number): Promise<number> {
    let done = from;
    let pending = Buffer.alloc(0);
    let position = from;
    while (position < size) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      pending = Buffer.concat([pending, chunk.subarray(0, bytesRead)]);
      const end = pending.lastIndexOf(NEWLINE);
      if (end < 0) continue;
      this.readLines(pending.subarray(0, end + 1).toString('utf8'));
      done += end + 1;
      pending = pending.subarray(end + 1);
    }
    return done;
  }

  private readLines(text: string): void {
    for (const l of text.split('\n')) {
      const id = effectIdOf(l);
      if (id !== null) this.ids.add(id);
    }
  }
}

function line(effect: Effect): string {
  let body: unknown;
  try {
    body = JSON.parse(effect.payload);
  } catch {
    body = null;
  }
  const record =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { ...body, effectId: effect.effectId }
      : { effectId: effect.effectId, payload: effect.payload };
  return `${JSON.stringify(record)}\n`;
}

function effectIdOf(text: string): string | null {
  if (!text.trim()) return null;
  try {
    const value = JSON.parse(text) as { effectId?: unknown };
    return typeof value.effectId === 'string' ? value.effectId : null;
  } catch {
    return null;
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
