/**
 * Entry names inside a scene archive (docs/decisions/0025-scenes-and-tabula-paths.md, Layout):
 * a document's URI without its leading `/`, each segment percent-encoded outside the
 * unreserved characters, so people can browse the unzipped tree and no name escapes it.
 */

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** One path segment, every byte outside `A–Z a–z 0–9 - . _ ~` as `%XX`; `.` and `..` encoded whole. */
function encodeSegment(segment: string): string {
  if (segment === '.' || segment === '..') return segment.replace(/\./g, '%2E');
  let out = '';
  for (const ch of segment) {
    if (UNRESERVED.test(ch)) out += ch;
    else for (const byte of new TextEncoder().encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `/books/b 1.json` → `books/b%201.json`: where a document's content sits under `documents/` (and its metadata under `metadata/`). */
export function sceneEntryPath(uri: string): string {
  return (uri.startsWith('/') ? uri.slice(1) : uri).split('/').map(encodeSegment).join('/');
}
