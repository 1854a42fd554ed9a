import { useDeferredValue, type ReactNode } from 'react';
import type { StockroomClient } from '../client/facade';
import { ServicesProvider, useSnapshot } from './client-context';
import { Banners } from './components/banners';
import { ConnectivityStatus } from './components/connectivity-status';
import { NavBar } from './components/nav-bar';
import { Notices } from './components/notices';
import { Screen } from './components/screen';
import { SessionExpired } from './components/session-expired';
import { UpdatePrompt } from './components/update-prompt';
import { I18nProvider, useShellI18n } from './i18n/i18n-context';
import { useBackgroundDrain } from './pwa/background-sync';
import { useWarmUpAfterSignIn } from './pwa/warm-up';
import type { Route } from './routes';
import {
  ActivityScreen,
  DeliveryScreen,
  EditItemScreen,
  EnterAgainScreen,
  ImportScreen,
  ItemScreen,
  ItemsScreen,
  NewItemScreen,
  OperationDetail,
  ReorderScreen,
  ReviewScreen,
  ScreenLoader,
  SettingsScreen,
  StocktakeScreen,
  StocktakesScreen,
  TesterScreen,
} from './lazy-screens';
import { SignInScreen } from './screens/sign-in-screen';
import type { SimApi } from './sim-api';
import { useRoute } from './use-route';
import { assertNever } from '../protocol/assert-never';
import { openOnItems, useWedgeScanner } from './scan/use-wedge-scan';

function CurrentScreen({ route }: { route: Route }): ReactNode {
  const { t } = useShellI18n();
  switch (route.name) {
    case 'items':
      return <ItemsScreen />;
    case 'item':
      return <ItemScreen id={route.id} />;
    case 'activity':
      return <ActivityScreen />;
    case 'operation':
      return <OperationDetail handle={route.handle} />;
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
    case 'delivery':
      return <DeliveryScreen />;
    case 'import':
      return <ImportScreen />;
    case 'stocktakes':
      return <StocktakesScreen />;
    case 'stocktake':
      return <StocktakeScreen id={route.id} />;
    case 'not-found':
      return (
        <Screen title={t.app.notFoundTitle}>
          <p>{t.app.notFoundText}</p>
        </Screen>
      );
    default:
      return assertNever(route);
  }
}

function Shell(): ReactNode {
  const snapshot = useSnapshot();
  const route = useRoute();
  const { t } = useShellI18n();
  useBackgroundDrain(snapshot.unconfirmedCount);
  // The client's snapshot is an external store, and React re-renders for its changes at once, in
  // one task. The first screen replacing "Opening…" is the largest of those renders: deferred, it
  // renders in slices that yield to the browser (Lighthouse's total blocking time on a slow phone).
  const opened = useDeferredValue(snapshot.ready);
  const signedIn = opened && snapshot.user !== null;
  useWarmUpAfterSignIn(signedIn);
  // A wedge scanner's code on a screen that has no use of its own for it goes to Items, which
  // opens the item it names (or searches for it).
  useWedgeScanner(openOnItems);
  return (
    <div className="app">
      <header className="top-bar">
        <span className="brand">{t.app.brand}</span>
        <ConnectivityStatus />
      </header>
      <UpdatePrompt />
      <Banners />
      {signedIn && <Notices route={route} />}
      <main className="content" id="main">
        {signedIn && <SessionExpired />}
        {!opened ? (
          <p role="status">{t.app.opening}</p>
        ) : signedIn ? (
          <ScreenLoader key={route.name}>
            <CurrentScreen route={route} />
          </ScreenLoader>
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
    <I18nProvider>
      <ServicesProvider client={props.client} sim={props.sim}>
        <Shell />
      </ServicesProvider>
    </I18nProvider>
  );
}
