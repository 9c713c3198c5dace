import { useEffect, useId, useRef, useState } from 'react';
import { formatHash } from '../lib/hash-route';
import { routes } from './routes';

/**
 * The pages. On a wide screen a row of links; on a narrow one (styles.css, the header's media
 * query) a Menu button that opens the same list below the header, and closes it again on a
 * choice, on Escape, or on a click elsewhere.
 */
export function MainNav({ current }: { current: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const nav = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A page was chosen (or the hash changed otherwise): the menu has done its job.
  useEffect(() => setOpen(false), [current]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <nav ref={nav} className={`main-nav${open ? ' main-nav--open' : ''}`} aria-label="Main">
      <button ref={button} type="button" className="button main-nav__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
        <span className="main-nav__toggle-icon" aria-hidden="true">
          ☰
        </span>
        Menu
      </button>
      <ul id={listId} className="main-nav__list">
        {routes.map((route) => (
          <li key={route.path}>
            {route.render ? (
              <a
                className={`main-nav__item${route.path === current ? ' main-nav__item--current' : ''}`}
                href={formatHash(route.path)}
                aria-current={route.path === current ? 'page' : undefined}
                onClick={() => setOpen(false)}
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
