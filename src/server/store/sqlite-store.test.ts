import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from './sqlite-store';
import { runStoreContract } from '../../../tests/support/server/store-contract';

// A file database, not :memory:, so a second handle (a second "process") shares it.
runStoreContract('sqlite', async () => {
  const path = join(tmpdir(), `stockroom-contract-${randomUUID()}.db`);
  return {
    open: () => openSqliteStore(`sqlite:${path}`),
    dispose: async () => {
      await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(path + suffix, { force: true })));
    },
  };
});
