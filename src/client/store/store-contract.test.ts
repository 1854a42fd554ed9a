import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, it } from 'vitest';
import { openIdbStore } from './idb-store';
import { createMemoryDatabase, openMemoryStore } from './memory-store';
import { STORE_CONTRACT, type ContractHarness } from '../../../tests/support/client/store-contract';

const adapters: [string, ContractHarness][] = [
  [
    'memory',
    {
      fresh: () => {
        const db = createMemoryDatabase();
        return Promise.resolve({ connect: () => Promise.resolve(openMemoryStore(db)) });
      },
    },
  ],
  [
    'IndexedDB (fake-indexeddb)',
    {
      fresh: () => {
        const factory = new IDBFactory();
        return Promise.resolve({ connect: () => openIdbStore({ indexedDB: factory }) });
      },
    },
  ],
];

describe.each(adapters)('storage port contract: %s', (_name, harness) => {
  it.each(STORE_CONTRACT.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
    await c.run(harness);
  });
});
