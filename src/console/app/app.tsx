import { useEffect } from 'react';
import { ConnectionBar } from '../features/connection/connection-bar';
import { formatHash } from '../lib/hash-route';
import { navigate, useHashRoute } from '../lib/use-hash-route';
import { MainNav } from './main-nav';
import { HOME_PATH, routes } from './routes';
import { WorkerGate } from './worker-gate';
import { Welcome } from '../features/samples/components/welcome';

/** The welcome's links: every page there is. */
const welcomePages = routes.flatMap((r) => (r.render ? [{ label: r.label, href: formatHash(r.path), summary: r.summary }] : []));

export function App() {
  const route = useHashRoute();
  useEffect(() => {
    if (route.path === '/') navigate(formatHash(HOME_PATH), { replace: true });
  }, [route.path]);
  const page = routes.find((r) => r.path === route.path);
  useEffect(() => {
    document.title = page ? `${page.label} · Tabula` : 'Tabula';
  }, [page]);

  return (
    <div className="app">
      <header className="app-header">
        <a className="brand" href={formatHash(HOME_PATH)}>
          <img className="brand__logo" src="/favicon.svg" alt="" width="28" height="28" />
          <span className="brand__name">Tabula</span>
        </a>
        <MainNav current={route.path} />
      </header>
      <ConnectionBar />
      <main className="app-main">
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
    </div>
  );
}
