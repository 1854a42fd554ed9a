/**
 * The screens behind sign-in, loaded when first opened: a cold visit to the sign-in screen downloads
 * only what signing in needs (bench figure `first_load_kb`). The everyday screens share one chunk
 * (everyday-screens.ts); import, the tester panel and the scanner (src/app/scan) have their own, and
 * so should any heavy screen added later. The service worker does not precache these chunks at
 * install: once someone has signed in it fetches every one into a cache of its own
 * (src/sw/after-sign-in.ts), so they open offline from then on.
 *
 * app.tsx renders these inside `ScreenLoader`: while a chunk (or English's screen words, i18n/en.ts)
 * arrives the screen area stays empty
 * (it is a few milliseconds from the worker's cache), and a chunk that cannot be fetched (the
 * network dropped before the worker had fetched it) says so instead of taking the whole app down.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { catalogueLoad } from './i18n/catalogues';
import { useShellI18n } from './i18n/i18n-context';

/** A screen's code, with English's screen words fetched alongside (useI18n waits for them). */
function withWords<T>(load: () => Promise<T>): Promise<T> {
  void catalogueLoad('en');
  return load();
}

const everyday = () => withWords(() => import('./everyday-screens'));

export const ItemsScreen = lazy(() => everyday().then((m) => ({ default: m.ItemsScreen })));
export const ItemScreen = lazy(() => everyday().then((m) => ({ default: m.ItemScreen })));
export const ActivityScreen = lazy(() => everyday().then((m) => ({ default: m.ActivityScreen })));
export const OperationDetail = lazy(() => everyday().then((m) => ({ default: m.OperationDetail })));
export const EnterAgainScreen = lazy(() =>
  everyday().then((m) => ({ default: m.EnterAgainScreen })),
);
export const NewItemScreen = lazy(() => everyday().then((m) => ({ default: m.NewItemScreen })));
export const EditItemScreen = lazy(() => everyday().then((m) => ({ default: m.EditItemScreen })));
export const ReorderScreen = lazy(() => everyday().then((m) => ({ default: m.ReorderScreen })));
export const DeliveryScreen = lazy(() => everyday().then((m) => ({ default: m.DeliveryScreen })));
export const ReviewScreen = lazy(() => everyday().then((m) => ({ default: m.ReviewScreen })));
export const SettingsScreen = lazy(() => everyday().then((m) => ({ default: m.SettingsScreen })));
export const StocktakesScreen = lazy(() =>
  everyday().then((m) => ({ default: m.StocktakesScreen })),
);
export const StocktakeScreen = lazy(() => everyday().then((m) => ({ default: m.StocktakeScreen })));
/** Importing a spreadsheet is a manager's occasional work: its own chunk, fetched when opened. */
export const ImportScreen = lazy(() =>
  withWords(() => import('./screens/import-screen')).then((m) => ({ default: m.ImportScreen })),
);
/** The tester panel is for testing the app alone: its own chunk, fetched only when opened. */
export const TesterScreen = lazy(() =>
  withWords(() => import('./screens/tester-screen')).then((m) => ({ default: m.TesterScreen })),
);

function ScreenUnavailable(): ReactNode {
  return useShellI18n().t.app.screenUnavailable;
}

interface LoaderState {
  failed: boolean;
}

/** Suspense for a lazy screen, and a plain message if its code could not be fetched. */
export class ScreenLoader extends Component<{ children: ReactNode }, LoaderState> {
  override state: LoaderState = { failed: false };

  static getDerivedStateFromError(): LoaderState {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <p role="alert">
          <ScreenUnavailable />
        </p>
      );
    }
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
