/** Gives components the client core; they read it through `useSyncExternalStore`, never copy it. */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ClientSnapshot, StockroomClient } from '../client/facade';
import { withoutScratch } from './scenarios';
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

const ServicesContext = createContext<(Services & { store: Store }) | null>(null);

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
    return { client, sim, store };
  }, [client, sim]);
  return <ServicesContext value={value}>{children}</ServicesContext>;
}

function useServices(): Services & { store: Store } {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesProvider is missing');
  return services;
}

export function useClient(): StockroomClient {
  return useServices().client;
}

export function useSim(): SimApi | null {
  return useServices().sim;
}

export function useSnapshot(): ClientSnapshot {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
