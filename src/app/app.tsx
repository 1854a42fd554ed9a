import type { ReactNode } from 'react';
import type { StockroomClient } from '../client/facade';
import { ServicesProvider, useSnapshot } from './client-context';
import { Banners } from './components/banners';
import { ConnectivityStatus } from './components/connectivity-status';
import { NavBar } from './components/nav-bar';
import { Notices } from './components/notices';
import { Screen } from './components/screen';
import { SessionExpired } from './components/session-expired';
import { UpdatePrompt } from './components/update-prompt';
import { useBackgroundDrain } from './pwa/background-sync';
import type { Route } from './routes';
import { ActivityScreen } from './screens/activity-screen';
import { EnterAgainScreen } from './screens/enter-again-screen';
import { EditItemScreen, NewItemScreen } from './screens/item-form-screens';
import { ItemScreen } from './screens/item-screen';
import { ItemsScreen } from './screens/items-screen';
import { OperationDetail } from './screens/operation-detail';
import { ReorderScreen } from './screens/reorder-screen';
import { ReviewScreen } from './screens/review-screen';
import { SettingsScreen } from './screens/settings-screen';
import { SignInScreen } from './screens/sign-in-screen';
import { TesterScreen } from './screens/tester-screen';
import type { SimApi } from './sim-api';
import { useRoute } from './use-route';

function CurrentScreen({ route }: { route: Route }): ReactNode {
  switch (route.name) {
    case 'items':
      return <ItemsScreen />;
    case 'item':
      return <ItemScreen id={route.id} />;
    case 'activity':
      return <ActivityScreen />;
    case 'operation':
      return <OperationDetail id={route.id} />;
    case 'review':
      return <ReviewScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'tester':
      return <TesterScreen />;
    case 'enter-again':
      return <EnterAgainScreen id={route.id} />;
    case 'new-item':
      return <NewItemScreen barcode={route.barcode} />;
    case 'edit-item':
      return <EditItemScreen id={route.id} />;
    case 'reorder':
      return <ReorderScreen />;
    case 'not-found':
      return (
        <Screen title="Page not found">
          <p>There is no page at this address.</p>
        </Screen>
      );
    default: {
      const never: never = route;
      throw new Error(`unhandled route ${JSON.stringify(never)}`);
    }
  }
}

function Shell(): ReactNode {
  const snapshot = useSnapshot();
  const route = useRoute();
  useBackgroundDrain(snapshot.unconfirmedCount);
  const signedIn = snapshot.user !== null;
  return (
    <div className="app">
      <header className="top-bar">
        <span className="brand">Stockroom</span>
        <ConnectivityStatus />
      </header>
      <UpdatePrompt />
      <Banners />
      {signedIn && <Notices route={route} />}
      <main className="content" id="main">
        {signedIn && <SessionExpired />}
        {!snapshot.ready ? (
          <p role="status">Opening this device&apos;s data…</p>
        ) : signedIn ? (
          <CurrentScreen route={route} />
        ) : (
          <SignInScreen />
        )}
      </main>
      {signedIn && <NavBar route={route} />}
    </div>
  );
}

export function App(props: { client: StockroomClient; sim: SimApi | null }): ReactNode {
  return (
    <ServicesProvider client={props.client} sim={props.sim}>
      <Shell />
    </ServicesProvider>
  );
}
