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
 */
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { processLockDeps, withFileLock, type LockDeps } from './file-lock';
import type { Effect, Sink } from './sink';
import { ensurePrivateFile } from '../private-files';

const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

export interface FileSink extends Sink {
  /** The effect ids the ledger held when it was last read (tests and diagnostics). */
  has(effectId: string): boolean;
}

export async function openFileSink(
  path: string,
  lockDeps: LockDeps = processLockDeps,
): Promise<FileSink> {
  const dir = dirname(path);
  // The ledger holds every effect's payload (notes, user names): its owner's alone.
  ensurePrivateFile(path, dir);
  const sink = new LedgerFile(path, lockDeps);
  await sink.deliver([]); // reads the existing ledger (and repairs a torn tail) before any work
  await syncDirectory(dir); // the file's directory entry is durable too
  return sink;
}

class LedgerFile implements FileSink {
  readonly kind = 'file' as const;
  private readonly ids = new Set<string>();
  /** Bytes of the file already read into `ids`. */
  private offset = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly lockDeps: LockDeps,
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
    const handle = await open(this.path, 'a+');
    try {
      await this.catchUp(handle);
      const fresh = new Map<string, string>();
      for (const e of effects) {
        if (!this.ids.has(e.effectId) && !fresh.has(e.effectId)) fresh.set(e.effectId, line(e));
      }
      if (fresh.size === 0) return;
      const bytes = Buffer.from([...fresh.values()].join(''));
      await handle.write(bytes);
      await handle.datasync();
      fresh.forEach((_, id) => this.ids.add(id));
      this.offset += bytes.length;
    } finally {
      await handle.close();
    }
  }

  private async catchUp(handle: FileHandle): Promise<void> {
    const { size } = await handle.stat();
    if (size < this.offset) {
      // Replaced or truncated by someone else: start over rather than trust what we remember.
      this.ids.clear();
      this.offset = 0;
    }
    let pending = Buffer.alloc(0);
    let position = this.offset;
    while (position < size) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      pending = Buffer.concat([pending, chunk.subarray(0, bytesRead)]);
      const end = pending.lastIndexOf(NEWLINE);
      if (end < 0) continue;
      this.readLines(pending.subarray(0, end + 1).toString('utf8'));
      this.offset += end + 1;
      pending = pending.subarray(end + 1);
    }
    if (pending.length > 0) await handle.truncate(this.offset);
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
