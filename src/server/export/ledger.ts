/** Reads a JSON-lines export ledger: the effect id of every complete line, in file order. */
import { readFile } from 'node:fs/promises';

export async function ledgerEffectIds(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const complete = text.slice(0, text.lastIndexOf('\n') + 1);
  return complete
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { effectId: string }).effectId);
}
