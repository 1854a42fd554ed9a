/** Gives components the client core; they read it through `useSyncExternalStore`, never copy it. */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ClientSnapshot, StockroomClient, TesterClient } from '../client/facade';
import { withoutScratch } from './scenario-stories';
import type { SimApi } from './sim-api';

interface Services {
  client: StockroomClient;
  /** Present when the app can reach the tester routes (the UI still checks `testerMode`). */
  sim: SimApi | null;
}

interface Store {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => ClientSnapshot;
}

interface Provided extends Services {
  store: Store;
  tester: Tester | null;
}

const ServicesContext = createContext<Provided | null>(null);

export function ServicesProvider(props: Services & { children: ReactNode }): ReactNode {
  const { client, sim, children } = props;
  const value = useMemo(() => {
    // Bound once per client: the core may be a class, and React resubscribes on a new function.
    // The shop's view of a snapshot is made once per snapshot (useSyncExternalStore needs the
    // same object back while nothing changed).
    let seen: ClientSnapshot | null = null;
    let shown: ClientSnapshot | null = null;
    const store: Store = {
      subscribe: (listener) => client.subscribe(listener),
      getSnapshot: () => {
        const snapshot = client.getSnapshot();
        if (snapshot !== seen || shown === null) {
          seen = snapshot;
          shown = withoutScratch(snapshot);
        }
        return shown;
      },
    };
    const tester = client.tester && sim ? { client: client.tester, sim } : null;
    return { client, sim, store, tester };
  }, [client, sim]);
  return <ServicesContext value={value}>{children}</ServicesContext>;
}

function useServices(): Provided {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesProvider is missing');
  return services;
}

export function useClient(): StockroomClient {
  return useServices().client;
}

/** The Tester panel's two handles, present together or not at all. */
export interface Tester {
  client: TesterClient;
  sim: SimApi;
}

/** Null: this client has no tester tools (the UI's fake) or cannot reach the tester routes. */
export function useTester(): Tester | null {
  return useServices().tester;
}

export function useSnapshot(): ClientSnapshot {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
