/** The store contract suite in the page, on Chromium's own IndexedDB through the idb adapter. */
import { openIdbStore } from '../../../src/client/store/idb-store';
import { runContract, type ContractHarness } from '../../support/client/store-contract';

let n = 0;
const harness: ContractHarness = {
  fresh() {
    const name = `contract-${Date.now()}-${n++}`;
    return Promise.resolve({ connect: () => openIdbStore({ indexedDB, name }) });
  },
};

(globalThis as { runStoreContract?: () => ReturnType<typeof runContract> }).runStoreContract = () =>
  runContract(harness);
