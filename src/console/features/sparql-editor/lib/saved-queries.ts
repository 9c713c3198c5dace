/**
 * Saved SPARQL queries are documents in the database, not browser state: text documents
 * `/tabula/queries/<name>.rq` in one collection, whose first line `# <title>` is their title.
 * The bundled samples ship theirs the same way (src/db/samples/README.md), so a saved query
 * is shared by every console on the database and travels with a scene.
 */

export const SAVED_QUERIES_COLLECTION = 'tabula/saved-queries';
const DIRECTORY = '/tabula/queries/';
export const SAVED_QUERY_MEDIA_TYPE = 'application/sparql-query';

const TITLE_LINE = /^#[ \t]*(\S.*?)[ \t]*(\r?\n|$)/;

/** The title a query carries on its first line (`# …`), if it does. */
export function queryTitleLine(text: string): string | undefined {
  return TITLE_LINE.exec(text)?.[1];
}

/** The title of a saved query: its first line's comment, else its URI's file name. */
export function savedQueryTitle(uri: string, text: string): string {
  const title = queryTitleLine(text);
  if (title) return title;
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  return decodeURIComponent(name.replace(/\.rq$/, ''));
}

/** Where a query saved under `title` goes: one document per title, so saving a title again replaces it. */
export function savedQueryUri(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${DIRECTORY}${slug || 'query'}.rq`;
}

/** The document's text: the query with `# <title>` as its first line (replacing a title line it already has). */
export function savedQueryText(title: string, query: string): string {
  const body = TITLE_LINE.test(query) ? query.replace(TITLE_LINE, '') : query;
  return `# ${title.trim().replace(/\s+/g, ' ')}\n${body}`;
}
