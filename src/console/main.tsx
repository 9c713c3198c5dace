/**
 * The console's entry: start this browser's database (the service worker) at
 * once, render immediately, and let the pages wait for the worker to take control
 * before their first API call (docs/architecture.md, Platform facts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { registerApiWorker } from './lib/register-api-worker';
import { keepWorkerWarm } from './lib/keep-worker-warm';
import { runEngineHost } from './lib/engine-host';
import './styles.css';

const worker = registerApiWorker();
// The failure is shown by the worker gate; this only keeps it from being reported as unhandled.
worker.catch(() => {});
// While this page is open, the browser must not stop the worker for being idle (a cold start
// after a pause would reload every engine); the page's lifetime is the interval's.
void worker.then(() => keepWorkerWarm()).catch(() => {});
// SPARQL queries run in a worker this page (or another of the origin) starts, off the
// service worker's thread (docs/decisions/0028-engine-host.md).
void worker.then(() => runEngineHost()).catch(() => {});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider worker={worker}>
      <App />
    </AppProvider>
  </StrictMode>,
);
