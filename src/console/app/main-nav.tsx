import { formatHash } from '../lib/hash-route';
import { routes } from './routes';

export function MainNav({ current }: { current: string }) {
  return (
    <nav className="main-nav" aria-label="Main">
      <ul>
        {routes.map((route) => (
          <li key={route.path}>
            {route.render ? (
              <a
                className={`main-nav__item${route.path === current ? ' main-nav__item--current' : ''}`}
                href={formatHash(route.path)}
                aria-current={route.path === current ? 'page' : undefined}
              >
                {route.label}
              </a>
            ) : (
              <span className="main-nav__item main-nav__item--disabled" aria-disabled="true" title="Coming soon">
                {route.label}
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
