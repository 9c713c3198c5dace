/**
 * The console's entry: start this browser's database (the service worker) at
 * once, render the shell immediately, and let the pages wait — behind the worker
 * gate's progress — for the worker to take control and the database to open before
 * their first API call (docs/architecture.md, Platform facts;
 * docs/decisions/0036-console-shell-theme-shortcuts-progress.md).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { startApiWorker } from './lib/register-api-worker';
import { keepWorkerWarm } from './lib/keep-worker-warm';
import { runEngineHost } from './lib/engine-host';
import './styles.css';

const { ready: worker, startup } = startApiWorker();
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
    <AppProvider startup={startup}>
      <App />
    </AppProvider>
  </StrictMode>,
);
