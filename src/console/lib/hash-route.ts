/**
 * The console's routes live in the URL hash (`#/documents?uri=/a.json`) so that any
 * static host — and the service worker's precached shell — serves every route from
 * one index.html, with no server-side fallback to configure.
 */

export interface HashRoute {
  /** `/documents`, `/search`, … — always starting with `/`. */
  path: string;
  params: URLSearchParams;
}

export type RouteParams = Record<string, string | number | undefined | null>;

export function parseHash(hash: string): HashRoute {
  const raw = hash.replace(/^#/, '');
  const q = raw.indexOf('?');
  const pathPart = q === -1 ? raw : raw.slice(0, q);
  const query = q === -1 ? '' : raw.slice(q + 1);
  const path = `/${pathPart.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return { path, params: new URLSearchParams(query) };
}

/** `#/path?k=v` with empty and missing values left out, so links stay short. */
export function formatHash(path: string, params: RouteParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return `#${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`;
}
