/**
 * The JSON-lines export ledger as files: `<file>` (being written) and the rotated `<file>.1`,
 * `<file>.2`, … (oldest first; ./file-sink.ts). A downstream reader takes them in that order, then
 * `<file>`, and never sees an effect id twice across them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const rotatedName = (path: string, n: number) => `${path}.${n}`;

/** The rotated files of the ledger at `path`, oldest first. */
export async function rotatedLedgerFiles(path: string): Promise<{ n: number; path: string }[]> {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names
    .filter((name) => name.startsWith(prefix) && /^[1-9]\d*$/.test(name.slice(prefix.length)))
    .map((name) => ({ n: Number(name.slice(prefix.length)), path: join(dir, name) }))
    .sort((a, b) => a.n - b.n);
}

async function completeLines(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((l) => l.trim());
}

/** The effect id of every complete line of the whole ledger (rotated files first), in order. */
export async function ledgerEffectIds(path: string): Promise<string[]> {
  const files = [...(await rotatedLedgerFiles(path)).map((f) => f.path), path];
  const ids: string[] = [];
  for (const file of files) {
    for (const l of await completeLines(file))
      ids.push((JSON.parse(l) as { effectId: string }).effectId);
  }
  return ids;
}
