/**
 * The XHTML pages of the semantics endpoints: triples of things, the subject list, the
 * graph list, and the building blocks the SPARQL results page shares.
 *
 * Every IRI and literal goes through markup.ts escaping, in text and in `href`, so data
 * can never become markup. Node links point at the things view with MarkLogic's own
 * escaping of the IRI (MarkLogic’s REST API reference, /v1/graphs/sparql): `:` → `%3a`, `#` → `%23`, `/` kept, the rest as
 * encodeURIComponent writes it.
 */
import { escapeAttr, escapeText } from './markup';
import { toJsonQuads, toJsonTerm, safeBlankLabel, type JsonTerm, type QuadLike, type TermLike } from './rdf-terms';

/** Builds the link of a node; the route passes one that knows its mount point. */
export type HrefFor = (iri: string) => string;

/** The IRI as the `iri` parameter of a things link, escaped the way MarkLogic does. */
export function thingsIriParam(iri: string): string {
  return encodeURIComponent(iri).replace(/%3A/g, '%3a').replace(/%2F/g, '/');
}

export const thingsHref: HrefFor = (iri) => `/v1/graphs/things?iri=${thingsIriParam(iri)}`;

const text = (s: string) => escapeText(s, 'replace');
const link = (iri: string, href: HrefFor) => `<a href="${escapeAttr(href(iri), 'replace')}">${text(iri)}</a>`;

/** One term as inline XHTML: IRIs link, literals show their language or datatype. */
export function termHtml(t: JsonTerm, href: HrefFor): string {
  switch (t.type) {
    case 'uri':
      return link(t.value, href);
    case 'bnode':
      return `<span class="bnode">_:${text(safeBlankLabel(t.value))}</span>`;
    case 'literal': {
      const value = `<span class="literal">${text(t.value)}</span>`;
      const lang = t['xml:lang'];
      if (lang) return `${value}<span class="lang">@${text(lang)}${t['its:dir'] ? `--${text(t['its:dir'])}` : ''}</span>`;
      return t.datatype ? `${value}<span class="datatype">^^${text(t.datatype)}</span>` : value;
    }
    case 'triple': {
      const { subject, predicate, object } = t.value;
      return `<span class="triple">&lt;&lt;( ${termHtml(subject, href)} ${termHtml(predicate, href)} ${termHtml(object, href)} )&gt;&gt;</span>`;
    }
  }
}

/** A whole XHTML page; `body` is already markup. */
export function xhtmlPage(title: string, body: string): string {
  return (
    `<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml">` +
    `<head><meta charset="utf-8"/><title>${text(title)}</title></head>` +
    `<body>${body}</body></html>\n`
  );
}

/** A table of header cells and rows of already-rendered cells. */
export function tableHtml(className: string, headers: readonly string[], rows: Iterable<readonly string[]>): string {
  const parts = [`<table class="${className}"><thead><tr>`];
  for (const h of headers) parts.push(`<th>${text(h)}</th>`);
  parts.push('</tr></thead><tbody>');
  for (const row of rows) {
    parts.push('<tr>');
    for (const cell of row) parts.push(`<td>${cell}</td>`);
    parts.push('</tr>');
  }
  parts.push('</tbody></table>');
  return parts.join('');
}

/** The triples of some nodes, one row each, every node a link to its own things view. */
export function thingsHtml(quads: Iterable<QuadLike>, href: HrefFor = thingsHref, title = 'Things'): string {
  const seen = new Set<string>();
  const rows: string[][] = [];
  for (const q of toJsonQuads(quads)) {
    // The same triple in several graphs is one triple on this page.
    const row = [termHtml(q.subject, href), termHtml(q.predicate, href), termHtml(q.object, href)];
    const key = row.join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(row);
  }
  return xhtmlPage(title, `<h1>${text(title)}</h1>${tableHtml('things', ['subject', 'predicate', 'object'], rows)}`);
}

/** The subject nodes of the database as a list of links (strings are IRIs). */
export function subjectsHtml(terms: Iterable<TermLike | string>, href: HrefFor = thingsHref, title = 'Things'): string {
  const items: string[] = [];
  for (const t of terms) {
    const term: JsonTerm = typeof t === 'string' ? { type: 'uri', value: t } : toJsonTerm(t);
    items.push(`<li>${termHtml(term, href)}</li>`);
  }
  return xhtmlPage(title, `<h1>${text(title)}</h1><ul class="subjects">${items.join('')}</ul>`);
}

/** The graph list of `GET /v1/graphs` as links (`graphHref` builds each graph's URL). */
export function graphListHtml(iris: Iterable<string>, graphHref: HrefFor): string {
  const items: string[] = [];
  for (const iri of iris) items.push(`<li>${link(iri, graphHref)}</li>`);
  return xhtmlPage('Graphs', `<h1>Graphs</h1><ul class="graphs">${items.join('')}</ul>`);
}
