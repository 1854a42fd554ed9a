/** Durable files: a backup or a restored database is on disk before it is reported. */
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function fsyncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The directory entry of a rename. */
export async function fsyncDir(path: string): Promise<void> {
  await fsyncFile(dirname(path));
}
