import { useEffect, useState } from 'react';
import { ConnectionBar } from '../features/connection/connection-bar';
import { formatHash } from '../lib/hash-route';
import { ShortcutHelpDialog } from '../lib/shortcuts';
import { navigate, useHashRoute } from '../lib/use-hash-route';
import { GlobalShortcuts } from './global-shortcuts';
import { MainNav } from './main-nav';
import { HOME_PATH, routes } from './routes';
import { ThemeSelect } from './theme-select';
import { WorkerGate } from './worker-gate';
import './shell.css';
import { Welcome } from '../features/samples/components/welcome';

/** The welcome's links: every page there is. */
const welcomePages = routes.flatMap((r) => (r.render ? [{ label: r.label, href: formatHash(r.path), summary: r.summary }] : []));

/**
 * The shell: header, connection bar and the page's title render at once, before this browser's
 * database is ready; only the page itself waits behind the worker gate.
 */
export function App() {
  const route = useHashRoute();
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    if (route.path === '/') navigate(formatHash(HOME_PATH), { replace: true });
  }, [route.path]);
  const page = routes.find((r) => r.path === route.path);
  useEffect(() => {
    document.title = page ? `${page.label} · Tabula` : 'Tabula';
  }, [page]);
  const title = page ? page.label : route.path === '/' ? undefined : 'Page not found';

  return (
    <div className="app">
      <header className="app-header">
        <a className="brand" href={formatHash(HOME_PATH)}>
          <img className="brand__logo" src="/favicon.svg" alt="" width="28" height="28" />
          <span className="brand__name">Tabula</span>
        </a>
        <MainNav current={route.path} />
        <div className="app-header__tools">
          <button type="button" className="button button--small app-header__shortcuts" onClick={() => setHelpOpen(true)} title="Keyboard shortcuts (?)">
            Shortcuts
          </button>
          <ThemeSelect />
        </div>
      </header>
      <ConnectionBar />
      <main className="app-main">
        {/* The page's one h1 (pages title their sections with h2); focus lands here when a dialog's opener is gone. */}
        {title && (
          <h1 id="page-title" className="page-title" tabIndex={-1}>
            {title}
          </h1>
        )}
        <WorkerGate>
          {route.path === HOME_PATH && <Welcome pages={welcomePages} />}
          {page?.render ? (
            page.render(route.params)
          ) : route.path === '/' ? null : (
            <div className="placeholder">
              <p>{page ? `${page.label} is coming soon.` : `There is no page at #${route.path}.`}</p>
              <p>
                <a href={formatHash(HOME_PATH)}>Go to Documents</a>
              </p>
            </div>
          )}
        </WorkerGate>
      </main>
      <GlobalShortcuts onHelp={() => setHelpOpen(true)} />
      <ShortcutHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
