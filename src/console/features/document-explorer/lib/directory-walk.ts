/**
 * Every immediate subdirectory of a directory, with how many documents each holds, read
 * from the URI lexicon rather than from the page of documents on screen (MarkLogic's
 * Search Developer's Guide, "Browsing With Lexicons": the URI lexicon lists every
 * document's URI in codepoint order).
 *
 * In codepoint order all the URIs under one prefix are contiguous, so the walk reads a
 * page of URIs, counts the folders that end inside the page from the page itself, and for
 * the folder the page stops in asks for its document count (a directory-scoped search) and
 * jumps past it. A directory of three folders of 30,000 documents each costs three pages
 * and three counts, not 90 pages; many small folders are counted from the pages alone.
 */
import { folderOf } from './directory-listing';

export interface FolderCount {
  /** The folder's directory URI, ending in `/`. */
  dir: string;
  /** Documents in it, at any depth. */
  count: number;
}

export interface DirectoryWalkSource {
  /** URIs `start`…`start + pageLength - 1` (1-based) of the scope, in codepoint order. */
  uris(start: number, pageLength: number): Promise<string[]>;
  /** How many documents of the scope are under `folder`. */
  count(folder: string): Promise<number>;
}

export interface DirectoryWalk {
  /** Sorted by directory URI. */
  folders: FolderCount[];
  /** Documents directly in the directory (not in a subfolder); exact only when `complete`. */
  documents: number;
  /** False when the walk stopped at `maxFolders` or `maxPages`: there may be more folders. */
  complete: boolean;
}

export interface WalkLimits {
  /** URIs read per request. */
  pageSize?: number;
  /** Stop once this many folders are known. */
  maxFolders?: number;
  /** Stop after this many pages of URIs (a directory of very many documents directly in it). */
  maxPages?: number;
}

export async function walkDirectory(dir: string, source: DirectoryWalkSource, { pageSize = 1000, maxFolders = 500, maxPages = 40 }: WalkLimits = {}): Promise<DirectoryWalk> {
  const counts = new Map<string, number>();
  let documents = 0;
  let start = 1;
  for (let pages = 0; ; pages++) {
    if (pages >= maxPages || counts.size >= maxFolders) return result(counts, documents, false);
    const page = await source.uris(start, pageSize);
    // Where each folder first appears in this page, and how many of its URIs the page holds.
    const seen = new Map<string, { first: number; n: number }>();
    let last: string | undefined;
    page.forEach((uri, i) => {
      const folder = folderOf(dir, uri);
      last = folder;
      if (folder === undefined) {
        documents++;
        return;
      }
      // Already counted whole (a write between two reads can shift positions by a few).
      if (counts.has(folder)) return;
      const entry = seen.get(folder);
      if (entry) entry.n++;
      else seen.set(folder, { first: i, n: 1 });
    });
    const finalPage = page.length < pageSize;
    for (const [folder, { n }] of seen) if (finalPage || folder !== last) counts.set(folder, n);
    if (finalPage) return result(counts, documents, true);
    if (last === undefined || counts.has(last)) {
      start += page.length;
      continue;
    }
    // The page stops inside `last`: count it whole and go on after it.
    const { first, n } = seen.get(last)!;
    const total = await source.count(last);
    counts.set(last, Math.max(total, n));
    start += first + Math.max(total, n);
  }
}

function result(counts: Map<string, number>, documents: number, complete: boolean): DirectoryWalk {
  const folders = [...counts].map(([dir, count]) => ({ dir, count })).sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  return { folders, documents, complete };
}
