/**
 * Directories as MarkLogic has them: implied by URIs (`/a/b.json` is in `/a/`),
 * never stored. The explorer finds the folders in the URI lexicon (directory-walk.ts),
 * and `''` stands for "no directory filter" (every document, including URIs with
 * no leading slash).
 */

export interface Crumb {
  label: string;
  dir: string;
}

/** `a/b` → `/a/b/`; empty stays empty (all documents). */
export function normaliseDir(input: string): string {
  const trimmed = input.trim();
  if (!trimmed || trimmed === '/') return trimmed === '/' ? '/' : '';
  return trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

// At the top level a URI's directory path starts at its leading slash, if it has one.
const baseOf = (dir: string, uri: string) => dir || (uri.startsWith('/') ? '/' : '');

/** The breadcrumb from "All documents" down to `dir`. */
export function breadcrumb(dir: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'All documents', dir: '' }];
  if (!dir || dir === '/') return crumbs;
  const root = dir.startsWith('/') ? '/' : '';
  let path = root;
  for (const segment of dir.slice(root.length).split('/').slice(0, -1)) {
    path += `${segment}/`;
    crumbs.push({ label: segment || '(empty)', dir: path });
  }
  return crumbs;
}

/** The immediate subdirectory of `dir` that `uri` is in; undefined when it is directly in `dir` (or not under it). */
export function folderOf(dir: string, uri: string): string | undefined {
  if (dir && !uri.startsWith(dir)) return undefined;
  const base = baseOf(dir, uri);
  const rest = uri.slice(base.length);
  const slash = rest.indexOf('/');
  return slash >= 0 ? base + rest.slice(0, slash + 1) : undefined;
}

/** Immediate subdirectories of `dir` among `uris`, sorted. */
export function subfolders(dir: string, uris: readonly string[]): string[] {
  const found = new Set<string>();
  for (const uri of uris) {
    const folder = folderOf(dir, uri);
    if (folder !== undefined) found.add(folder);
  }
  return [...found].sort((a, b) => a.localeCompare(b));
}

/** A folder's own name (`/a/b/` → `b`). */
export function folderName(folder: string): string {
  const parts = folder.split('/');
  return parts[parts.length - 2] || '(empty)';
}

/** How a URI reads inside `dir`: the part below it. */
export function relativeName(dir: string, uri: string): string {
  const base = baseOf(dir, uri);
  return base && uri.startsWith(base) && uri.length > base.length ? uri.slice(base.length) : uri;
}

/** Where a file named `name` goes when added in `dir`. */
export function uriInDirectory(dir: string, name: string): string {
  return `${dir || '/'}${name}`;
}
