import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createClient } from '../client/client';
import { App } from './app';
import { registerServiceWorker } from './pwa/update-store';
import { createSimApi } from './sim-api';
import './styles.css';

const client = createClient();
const authorizedFetch = client.authorizedFetch?.bind(client);
const sim = authorizedFetch ? createSimApi(authorizedFetch) : null;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App client={client} sim={sim} />
  </StrictMode>,
);

if (import.meta.env.PROD) void registerServiceWorker('/sw.js');
