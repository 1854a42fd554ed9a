import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createClient, type StockroomClient } from '../client';
import { App } from './app';
import { preloadLanguage } from './i18n/i18n-context';
import { registerServiceWorker } from './pwa/update-store';
import { createSimApi } from './sim-api';
import { watchPersonActing } from './person-acting';
import './styles.css';

/**
 * The real client core. In `npm run dev` only, `?fake` (with `&items=10000`) swaps in the in-memory
 * fake for working on the UI alone; production builds drop that branch entirely.
 */
async function chooseClient(): Promise<StockroomClient> {
  const params = new URLSearchParams(window.location.search);
  if (import.meta.env.DEV && params.has('fake')) {
    const { createFakeClient } = await import('./dev/fake-client');
    return createFakeClient({ itemCount: Number(params.get('items') ?? 20) });
  }
  return createClient();
}

function render(client: StockroomClient): void {
  const sim = client.tester ? createSimApi(client.tester.authorizedFetch) : null;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // A transition renders in slices that yield to the browser: the first screen's work is not one
  // long task that blocks a tap (Lighthouse's total blocking time on a slow phone).
  const reactRoot = createRoot(root);
  watchPersonActing(document, client);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App client={client} sim={sim} />
      </StrictMode>,
    );
  });
}

/** A task later: the browser may paint and answer a tap between two pieces of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// A cold start in short tasks (Lighthouse's total blocking time on a slow phone): the modules
// evaluate in one task, the client core is made in the next. The language's catalogue loads beside
// the client, so the first frame is already in its words.
void nextTask()
  .then(() => Promise.all([chooseClient(), preloadLanguage()]))
  .then(([client]) => render(client));
// After the page's load event, so on a first visit the worker's script and precache do not compete
// with the sign-in screen's own download, nor its registration with the first screen's work.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => void registerServiceWorker('/sw.js'), { once: true });
}
